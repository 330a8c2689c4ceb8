// Owns: the platform kit an app's tests add: reads concord-export/1, writes concord-outputs/1, serves the adapter protocol.
// Must not: import anything but Foundation: an iOS test target adds it alone.
