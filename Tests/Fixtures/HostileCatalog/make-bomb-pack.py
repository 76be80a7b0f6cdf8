#!/usr/bin/env python3
"""Writes a folder pack of decode bombs for peak-memory measurements (docs/security.md):
files as large as the default DecodeLimits allow (each decodes to hundreds of MB) and files that
declare more than they allow (each refused before allocation). Nothing here is committed: the pack
is about 10 MB on disk and is generated on demand.
Usage: make-bomb-pack.py OUT_DIR"""
import io, os, struct, sys, zlib
from PIL import Image

out = sys.argv[1]
os.makedirs(out, exist_ok=True)

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def ihdr(w, h):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))

SIG = b"\x89PNG\r\n\x1a\n"
side = 8192
# One RGBA frame of zeros, compressed once and reused: 268 MB of pixels in about 260 KB.
rows = zlib.compressobj(9)
zero_row = b"\x00" * (1 + side * 4)
data = b"".join(rows.compress(zero_row) for _ in range(side)) + rows.flush()

def write(name, blob):
    with open(os.path.join(out, name), "wb") as f:
        f.write(blob)

# Largest legal still: 8192x8192, 268,435,456 bytes of RGBA.
write("max-still.png", SIG + ihdr(side, side) + chunk(b"IDAT", data) + chunk(b"IEND", b""))

# Largest legal animation: 3 frames of 8192x8192 = 201 Mpx (limit 256 Mpx), 805 MB decoded.
frames = 3
apng = SIG + ihdr(side, side) + chunk(b"acTL", struct.pack(">II", frames, 0))
seq = 0
for index in range(frames):
    apng += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, side, side, 0, 0, 1, 10, 0, 0)); seq += 1
    if index == 0:
        apng += chunk(b"IDAT", data)
    else:
        apng += chunk(b"fdAT", struct.pack(">I", seq) + data); seq += 1
write("max-anim.png", apng + chunk(b"IEND", b""))

# Largest legal GIF canvas and JPEG.
buf = io.BytesIO(); Image.new("P", (side, side), 0).save(buf, "GIF"); write("max.gif", buf.getvalue())
buf = io.BytesIO(); Image.new("RGB", (side, side), (10, 20, 30)).save(buf, "JPEG", quality=50); write("max.jpg", buf.getvalue())

# Refused before allocation.
write("canvas.png", SIG + ihdr(100000, 100000) + chunk(b"IDAT", zlib.compress(b"\x00" * 5)) + chunk(b"IEND", b""))
write("frames.png", SIG + ihdr(1, 1) + chunk(b"acTL", struct.pack(">II", 4000000000, 0))
      + chunk(b"IDAT", zlib.compress(b"\x00" * 5)) + chunk(b"IEND", b""))
jpeg = bytes([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00]) + bytes([1] * 64) \
    + bytes([0xFF, 0xC0, 0x00, 0x0B, 0x08]) + struct.pack(">HH", 50000, 60000) + bytes([1, 1, 0x11, 0]) \
    + bytes([0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0, 0xFF, 0xD9])
write("canvas.jpg", jpeg)
with open(os.path.join(out, "oversize.png"), "wb") as f:   # sparse, 64 MiB + 1
    f.write(SIG); f.truncate((64 << 20) + 1)
