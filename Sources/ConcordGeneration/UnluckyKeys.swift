// Written by scripts/generate/unlucky_keys.py (do not edit; --check compares): the search's rule and bound
// are in its docstring. ExplorationTests.unluckyKeysHaveTheirZeroBytes recomputes every entry.

/// Keys whose ECDH shared secret, or own public coordinate, starts with exactly one or two zero bytes
/// (docs/exploration.md, "Rare events"): found by a deterministic, bounded search over scalars.
public enum UnluckyKeys {
    public struct Entry: Sendable {
        /// `p256` or `x25519`.
        public var curve: String
        /// `shared-secret-1`, `shared-secret-2` (the secret with the peer), `x-1`, `y-2` (P-256's own
        /// point), `public-1`, `public-2` (X25519's own u-coordinate): what starts with that many zero bytes.
        public var event: String
        public var privateHex: String
        public var publicHex: String
        public var peerPrivateHex: String?
        public var peerPublicHex: String?
    }

    public static let entries: [Entry] = [
        // 107 steps
        Entry(curve: "p256", event: "shared-secret-1",
              privateHex: "3605c7e5b9e2fd8d9c309f28ac26326c7ecb79915057db68f96665737f449d94",
              publicHex: "047f88a1fa3f496b20183e2ea5aa8e21a5a9d851ee90c1b7490a6cd69206900d40942b40552f6238eb5fb666a2265c59c35056a70cbf606d68a150949e035a3c2b",
              peerPrivateHex: "0dcd5df48ac945c6ae32784e372bfb446c67d29d67f1cde67e2f427cc04479af",
              peerPublicHex: "047ab9d4d667fa1f87a7692810c3460b138a9958414428d116aa21893be375d45992f07c341582f96ca058d67de962025bddf78d70ddb977d6ba6283a71b9a8ab2"),
        // 199 steps
        Entry(curve: "p256", event: "shared-secret-1",
              privateHex: "834e064abae88ebf136fd2ffe766967e6542e22c39870e76e82d8428ac9f4274",
              publicHex: "04f7706c800ec3506b19f43fa18ba63d0d3fa98adde85cdfe881822986c3991ca6244e84336da5d43c6653b275f1ac0e04b983b2d8b1c84521c25e7ce85a8937e4",
              peerPrivateHex: "23d6bea6874e8ad15e5c838db3b15d6ff09e814f0dd6a8eba96bba7f57865b6d",
              peerPublicHex: "04624b5f7bf1faed7770bea07468f2d270fb8fe06a97ea35614c402d27b87e6cc9c46f41e5cc6087ccd27cc372a37c5f2c8d8f6d44fc8ce17cc838a14ab9b6aca4"),
        // 337 steps
        Entry(curve: "p256", event: "shared-secret-1",
              privateHex: "d628cd327efe5d8488a58ca09bf4ee90c9fd8ba7dcdfc55262bbe362c2e49126",
              publicHex: "04ee0b58c68cc77ec9c64288e7a84061d57f3de8e6d3cda9fc08e2fe06df9adeb96e988f96df1f1fc4565800cc16c3f319f650d39d8f5bac4b874488db4f3bed4a",
              peerPrivateHex: "3ff5216046f3002c1e459f0c736f7fe6dcebc915af6a87abb7f24582944d4c63",
              peerPublicHex: "0433ca58a2adb84a8c4c83c2c362af58599b9b4803c88704f39d71839f94416d8ec3e9d308aaf8b15226834953b7ecd79fafdde870c9f080489ed8a0ea4ca756a4"),
        // 639 steps
        Entry(curve: "p256", event: "shared-secret-1",
              privateHex: "c676bb748645cff9777d13843e267ef36565f8f87e38689f74fe4b3b9b7f87a1",
              publicHex: "04748b0b0e77e710768635998ecd459e5ad9c5e9e6ca3e4d7d8744f3c1dd1062a336d245d70f4d75c5db6719de38dec9ad949c994429b969574d62566798134f97",
              peerPrivateHex: "4da4fa5e3794b9d6240c2edebda36120ac24263fe41b047482b625c993d5f433",
              peerPublicHex: "04db6dbe40b23ded46f0d76611a5776dca7607fc776c13596d35a776131e34d7a5a585f2725acd298a5ba84743b347d8a74327911c4928f6e93b140138272d5eed"),
        // 717 steps
        Entry(curve: "p256", event: "x-1",
              privateHex: "200d9f3e893f45fc8d64d3cd73d5076a6c0ded033e8776c3fea2a39e33949228",
              publicHex: "0400088f63ae7ffdb60b9901a4e38f091b6b370ee6578ab92bf10f68a58d2c91e2258f7218f1e53965f7e6bdc54402ede8f47be72c192edfdf7308321dc8f99fbd",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 97 steps
        Entry(curve: "p256", event: "x-1",
              privateHex: "a73cc8a86427feffc332c20707ff9a7ecae39917b67fc4df195f8cc9879e1b01",
              publicHex: "040087bab105ed3a1e0617e4d9aa288ec0c59caf92bd5bfd3c8a3b2523610079bb51f72b5f46e3059296e6faa1835aa907da14ea917faa21ea70efa807acfe5ad1",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 49 steps
        Entry(curve: "p256", event: "y-1",
              privateHex: "901362e23bf6ae2c58d6ec4e6acc84e211b5cd7d2ec8b8e2562eaaff6c7b69a3",
              publicHex: "04e425059108482c15fbb73f7524ee1dd33fc6a43e2d45c32a35e56e7a493615b100831d38e73929c69f06bd0e5593050ed2b1d3665ff371d8d2b15dedefe84e7f",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 16 steps
        Entry(curve: "p256", event: "y-1",
              privateHex: "a02ce85e08bff3701dfb4bdf76169bea12024e32533d658039342c894e6d8a92",
              publicHex: "047e0953d139fa40bd0aac1a77c4809a9c46b1d9898a8c9043cd02cd0ffdabd1870035b5f70b6c362d20fc3b8a5bfdcc8dce0b8b7db4aa6f812cb60d7ba7f75c20",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 190 steps
        Entry(curve: "x25519", event: "shared-secret-1",
              privateHex: "308a74e85a926b8055c76609cbd01c971108d9fc67f5a317724d8a92bc5f1f4a",
              publicHex: "82e2d2ba202c76604e52362abcb742d7eb3f4b3878d7a0bb79b4dbbab758c80d",
              peerPrivateHex: "901ade0f320c33c22adbef6e243b7d3694f243dbf4163857db0902afc59eac73",
              peerPublicHex: "bc363995945db061a273659cfa78fbb2f9bb07408126e4fc9125b1d50c811723"),
        // 204 steps
        Entry(curve: "x25519", event: "shared-secret-1",
              privateHex: "b81d7a9c349fdbe410244dbf2b107f76cbd7f1f24c4240256b9d596e669d306e",
              publicHex: "e0c55d93f69cadd15c8c52b86efecb3a5c55676995e6ec400611fec399aef979",
              peerPrivateHex: "3030df45fe1ceae60de1ddaba4fca307610cbf483142bb18aae938c1dd1c7741",
              peerPublicHex: "7bd9f18d14f7a5ecf05076998abff98290fe9fc76498808fea7feae3599c5a5d"),
        // 3 steps
        Entry(curve: "x25519", event: "shared-secret-1",
              privateHex: "701a77e74c7266533be2695f8a6cb622f6414c516552715d237a8dc6dc085b5a",
              publicHex: "bfdb74e481fbe04f7d61ee53a122bde461889131fc9d4f6366649d8cd759142f",
              peerPrivateHex: "e8fdb68ba1d3ac8c5b8823d9cd31501f46c1dcf9da220d126110bc65f2b4f247",
              peerPublicHex: "dc41d4091c52dcc36d48a53242f2e28d9bd2d2f1daadf888adb95a8cad72e626"),
        // 336 steps
        Entry(curve: "x25519", event: "shared-secret-1",
              privateHex: "88dcd83bf3006c6d09020bea6ca76ffccad2b9af3493503fbb8257c6d5f5e574",
              publicHex: "17c2d30a128c65e6348b6f42b54f2c81889490ac62232af33dfba13ba3421074",
              peerPrivateHex: "10f325e97b33c7e32fda01ae97d2adbbc4c81aad739f0354820f3d18754e375d",
              peerPublicHex: "943b3a0ce3545da3408a98b0412036f16c6197254ae04aa76cc86bb75cf30518"),
        // 166 steps
        Entry(curve: "x25519", event: "public-1",
              privateHex: "2849f5e2ab889e7191ad57a98e3edbc072fb751af6612662efa68fd3c66bf840",
              publicHex: "006338ca3178a7e785a65fe15f6098b4e9349aa2346ac670b163988113508d25",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 474 steps
        Entry(curve: "x25519", event: "public-1",
              privateHex: "70d3de12904750d311c5fbce23f4f0a3d3ecf27002963eaa95d77636cd7d0052",
              publicHex: "00f5f58d3198f29b2bf45f1a11b02fb0b995794366e5a1ffa594d3c3fb39b21b",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 113291 steps
        Entry(curve: "p256", event: "shared-secret-2",
              privateHex: "2c3656910630c6d6e3c8d6b0ab3c1e96942376bfc376f24ac166ca0a9771bd52",
              publicHex: "048c475243b87e00f2473caad7bc64f0fa6f2fdaf23409f9ae3b6f5dff48179d6b29b8ecd737413ce4419b8f1126f4f24c491eb2b405cfe989969f23247135dfe6",
              peerPrivateHex: "d2893efbf00b021023a2adbf29643b19079cdc534d0d712d56c164f72f000b53",
              peerPublicHex: "04ef21aaa9c114b74eeb995e27416b6a6fc66efd4571dc41bc900d75f441c2e260b72850d47b566acbd10481b6acabfcbf09f89fb6e48076b1941baf54b58017e2"),
        // 64972 steps
        Entry(curve: "p256", event: "shared-secret-2",
              privateHex: "f87663a8fe31c67363791dad70105ba1cad28bb03be05473fc17090006db6f1d",
              publicHex: "04d68af07bcb175f20100947b79cc5046b5e6f94da53091d71974c0763f2eae81c04be02a3e135af7bc5a08686cc65c11c2de62941b1d60c0ae2459ea09697015c",
              peerPrivateHex: "ad7d36da3c4b62e1dec8d5456a4a2e0f563bdff2c995ee65179ad9c4b25cd4aa",
              peerPublicHex: "04c7daa0054f573d253a071dc2b6ec00cda7a6c34e457ed25d71a2a9da1c49d1d7cdb330345a7eba5699dbd02f4624552115a7941753be587a5b93c0483792584e"),
        // 239631 steps
        Entry(curve: "p256", event: "shared-secret-2",
              privateHex: "186b8573a639866f3a01d098d4d49912c1f5dbb136f8605189a4f5ff30be25ce",
              publicHex: "0481f97b9e849eaeabc13d3622d6759e4b63e8055ba089f5b156331eed563c94e8ef7b0320f9ab3f007364b18785b917da1843f1361f3fff78bdbecfba19481b8e",
              peerPrivateHex: "57f53c27ec959194cdbbfb2414835fae3ff912d2c7099fe555cccd98e0dd545d",
              peerPublicHex: "04793094cf8603803befd53610856648cb2889ac04d0588101e79bc34f5dcaeb4870f6919401e891a1ffa7d7def2b3b03af85259a14c9817ecb126a6c9026e8f84"),
        // 61109 steps
        Entry(curve: "p256", event: "shared-secret-2",
              privateHex: "c04b0c5df81ea0a4edde9976fc86900279d0bb079a73956d6a905b7861873c49",
              publicHex: "048c6b817767642df7bc5dd9004ca40df7a17e4f4c93c8dde33721f29cbcc12bc559c2aee01bdffb0d579be7140453bae5e66cd7578fff3dfbd83a3d3bfe3f95d1",
              peerPrivateHex: "df1a78192b8ff054d9cbc96a7f06df145b7265665cf10900e9e33f20a84f9a4d",
              peerPublicHex: "042f5887583c10f20c06cf268a4bf5a0488ec92f93601d8c00e7b148bfc43aa808e441ac99556b5a4f479446b1fd4e32d2c9c715c55e5fdd4a82020756bf8a261b"),
        // 87824 steps
        Entry(curve: "p256", event: "x-2",
              privateHex: "df640391979e4087a2aa121fe0910e44e11f0bdef87f0d88c11f0ba4e8cdeb72",
              publicHex: "04000094809cb933f4188bdd87b0a9faa08495d97ee4ae39e44dd85070335153c5b1fffdeda74057b58ddfbdcaf2040ee58d9bb6b05f7e5beb7c9f37917da80de3",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 10186 steps
        Entry(curve: "p256", event: "x-2",
              privateHex: "63d9e791cc372321bbb9a3a37ba17cbf9e62b5a527886bb606cd0f43cc596218",
              publicHex: "040000b38cf02fa6ae71cd91cfa08bbe694eaa1f9e43209fc3c7728f437c90c39e777d170953fc7a1e78155e136a381ef8ae6b8ad2023a5a655f424d2f9562718e",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 20823 steps
        Entry(curve: "p256", event: "y-2",
              privateHex: "eeb91a71d520f6af7f028df3c95027df770cc1f208e53af0cf60188a1b8586e2",
              publicHex: "041b4b90ff6fee53c4bd8d8a8f769cf2433f265c8d46dd6735df72d163da7dc87a00007ca9c1139cd5a3558c8ce4b6b0f6633cd5fa520662e24193f1ef176694c7",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 23710 steps
        Entry(curve: "p256", event: "y-2",
              privateHex: "41d6364ef92ab746e3d5fa4594962417a866efcc5204fd8deb30e8fae062f3d1",
              publicHex: "04a392a8ee4167dbb17aca1b797d0d75ab76812ce34a3da98262c8d865a24c40ca0000eb7ab880782b4907ae13ea923d645fad56a27af6fe931bf5ae193c5d8412",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 51409 steps
        Entry(curve: "x25519", event: "shared-secret-2",
              privateHex: "2842fa8b1a609712f3cc8e803994b720e76029c1d9417937998558deb1a1b679",
              publicHex: "0da17de7ab9e389a48117a5f1c4b8b49eb89c53d08c6fefd507f5b56db274652",
              peerPrivateHex: "e8e73b6ca5cbde82533eb0f52cb999bfe8c16e8b8c018e807c62bb2a6975674f",
              peerPublicHex: "bf307f21ef16f28f5cea5ad88df32bffaf5475473b099f83e77b2072fb61df12"),
        // 41028 steps
        Entry(curve: "x25519", event: "shared-secret-2",
              privateHex: "30bd335b8128e89aefe5d52365e31d585b09e2756ee26a0c8a28e0f05f969657",
              publicHex: "bd2c25400d9d6fb56a4f47b6c9ed71fc555eb56f8f43541e1dbd2edda7bd5c5d",
              peerPrivateHex: "d866441da9ba8191f9f516522ce58c64076b80bd410caff2f2961f26b6543352",
              peerPublicHex: "2b8cd33c3c5f855c58f2ae00629e03d89d9a9b8225a211a9568d643854bb5725"),
        // 15245 steps
        Entry(curve: "x25519", event: "shared-secret-2",
              privateHex: "a891cd499f51bf4f3e3e7ccaccba55ab2ebc444d9a3559cc86c432812d950145",
              publicHex: "9cf2bf5856e193be8dc96a3094418af25add72d803b8f489c28f60c89bec6c6a",
              peerPrivateHex: "98d2a25c404c96a97d8fe4e1a8c228de4a25950864f25d12db7dfdb7a123886b",
              peerPublicHex: "1e8f2dd34d5740f2261bf848aa10880fb6af06d957f5f9e3eec43ae85decbc28"),
        // 12076 steps
        Entry(curve: "x25519", event: "shared-secret-2",
              privateHex: "e09a34e39d5702e75943129521cf2c8785040a5593b86fe13011b543721a7246",
              publicHex: "d0aac3d457656756aa39cb01fd1c68472201c77039cac289ee83379434eae97e",
              peerPrivateHex: "388c9167acf4e534a5eccf7b45baea2d0db46bc6e0b142b28731d456aaed8169",
              peerPublicHex: "792e16062e7898be4aa3deb6dd3ba7c3b279aff5dea81f26a9ceb9b99d161c2b"),
        // 6875 steps
        Entry(curve: "x25519", event: "public-2",
              privateHex: "60a0a567440103c6b11c8df9ed797a6c70f2b8a498ce9e7857af960b4910ff73",
              publicHex: "0000d54129007e363aa938b6ddbe2cb18a0287de4e3428f3c5ba23d684c45a21",
              peerPrivateHex: nil,
              peerPublicHex: nil),
        // 13663 steps
        Entry(curve: "x25519", event: "public-2",
              privateHex: "e8a7d3c33c6cd1f1209c6ea46dce426c58c5ec1ead26d7cf8f9198bc9c6c3651",
              publicHex: "0000e148459eeb1e22c3a1a586b653c73d3d33c4ea34369ea1fcda8e0e7dd97c",
              peerPrivateHex: nil,
              peerPublicHex: nil),
    ]
}
