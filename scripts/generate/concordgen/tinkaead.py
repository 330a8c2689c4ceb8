"""Real Tink's AEAD side, imported and registered once (the generators that run Tink's `Aead`:
sinew_vectors.py, closer_tink_template_vectors.py). keybox_vectors.py has its own, with hybrid."""

_T = {}


def tink():
    """Tink's modules by short name: t, aead, TOKEN (secret key access), gcm (aes_gcm_pb2), tpb (tink_pb2)."""
    if not _T:
        import tink as t
        from tink import aead, secret_key_access
        from tink.proto import aes_gcm_pb2, tink_pb2
        aead.register()
        _T.update(t=t, aead=aead, TOKEN=secret_key_access.TOKEN, gcm=aes_gcm_pb2, tpb=tink_pb2)
    return _T
