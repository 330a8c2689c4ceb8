/// The Closer recovery phrase's word list as Concord's vectors use it: the 248-word STAND-IN of
/// scripts/generate/data/closer-standin-wordlist.txt (the app's own list is not published;
/// vectors/closer/recovery-phrase says so). The pack gives it to the `recovery-phrase` fresh value
/// scenarios draw (`CloserPack.pack.freshWords`); `CloserStandInWordlistTests` holds this copy to that file.
public enum CloserStandInWordlist {
    public static let words: [String] = [
        "acacia", "acorn", "actor", "adobe", "agent", "alarm", "album", "alley", "amber", "angle", "ankle", "apple",
        "apron", "arena", "arrow", "aspen", "atlas", "attic", "audio", "autumn", "avenue", "bacon", "badge", "bagel",
        "baker", "bamboo", "banjo", "barley", "basin", "beach", "beacon", "bench", "berry", "bison", "blade",
        "blanket", "bloom", "border", "bottle", "bounce", "bracket", "bramble", "branch", "breeze", "brick",
        "bridge", "bucket", "bundle", "butter", "cabin", "cactus", "camera", "candle", "canoe", "canvas", "canyon",
        "carbon", "carpet", "castle", "cedar", "cellar", "cherry", "chimney", "cider", "circle", "citrus", "clover",
        "cobalt", "coffee", "comet", "copper", "coral", "cotton", "crater", "cricket", "crystal", "cushion",
        "dagger", "daisy", "dancer", "delta", "desert", "dinner", "dolphin", "donkey", "dragon", "drawer", "dune",
        "ember", "engine", "falcon", "feather", "fennel", "ferry", "fiddle", "finch", "fjord", "flannel", "flute",
        "forest", "fossil", "fountain", "gadget", "galaxy", "garden", "garlic", "gazelle", "geyser", "ginger",
        "glacier", "goblet", "gravel", "guitar", "hammer", "harbor", "harvest", "hazel", "helmet", "heron", "hollow",
        "honey", "hornet", "igloo", "indigo", "island", "ivory", "jacket", "jaguar", "jasmine", "jelly", "jigsaw",
        "jungle", "kettle", "kitten", "koala", "ladder", "lagoon", "lantern", "laurel", "lemon", "lentil", "lilac",
        "linen", "lizard", "lobster", "locket", "lotus", "magnet", "mango", "maple", "marble", "marsh", "meadow",
        "melon", "mirror", "mitten", "monsoon", "mosaic", "muffin", "mustard", "napkin", "nectar", "needle",
        "nickel", "noodle", "nutmeg", "oasis", "olive", "onion", "orbit", "orchid", "otter", "oyster", "paddle",
        "pebble", "pepper", "pigeon", "pillow", "pirate", "planet", "plum", "pocket", "pony", "potato", "prairie",
        "pretzel", "puzzle", "quartz", "quill", "rabbit", "radish", "raven", "reef", "ribbon", "river", "rocket",
        "saddle", "salmon", "sandal", "satin", "sequoia", "shadow", "shovel", "silver", "sketch", "sparrow",
        "spider", "spruce", "squash", "staple", "summit", "sunset", "tablet", "tango", "teapot", "temple", "thimble",
        "thistle", "thunder", "tiger", "timber", "tomato", "topaz", "tractor", "trumpet", "tulip", "tundra",
        "tunnel", "turnip", "umbrella", "valley", "velvet", "violet", "volcano", "waffle", "walnut", "walrus",
        "whistle", "willow", "window", "winter", "wizard", "yarrow", "yogurt", "zebra", "zephyr", "zigzag", "zinnia",
    ]
}
