import CloserCryptoConcord
import Foundation

// The app's handlers as a live adapter: concord run --adapter ios=PATH/ios-concord-adapter
exit(ConcordHandlers.kit().serve())
