#!/usr/bin/env python3
"""trunk post-build hook: pins a Content-Security-Policy into the built index.html.

Only the app's own files, trunk's inline loader (allowed by its hash, computed here since
trunk writes it anew each build), WebAssembly compilation and the worker (started from a
blob: shim by gloo-worker) are allowed. Debug builds (`trunk serve`, which injects its own
reload script) are left alone."""
import base64
import hashlib
import os
import re
import sys

if os.environ.get("TRUNK_PROFILE") != "release":
    sys.exit(0)
path = os.path.join(os.environ["TRUNK_STAGING_DIR"], "index.html")
html = open(path, encoding="utf-8").read()
hashes = [
    "'sha256-%s'" % base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
    for body in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S)
]
policy = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' " + " ".join(hashes),
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",  # yew writes style attributes
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
])
meta = '<meta http-equiv="Content-Security-Policy" content="%s" />' % policy
html = html.replace("<head>", "<head>\n  " + meta, 1)
open(path, "w", encoding="utf-8").write(html)
