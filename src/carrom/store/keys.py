"""What the databases keep of a link's secret key (a browser's, a desk's, an umpire's, a table tablet's, a session's
token): its SHA-256, in hex. One function, so every store hashes alike; a key holding a lone surrogate (a client's
mistake) hashes instead of raising."""

from __future__ import annotations

import hashlib


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
