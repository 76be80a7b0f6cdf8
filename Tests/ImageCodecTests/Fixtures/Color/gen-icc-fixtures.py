#!/usr/bin/env python3
"""Colour-conversion fixtures for `stickerforge fix` (color_profile), checked against lcms2's own tool.

Writes into Tests/ImageCodecTests/Fixtures/Color:
  displayp3.png, adobergb.png  a 7x7 grid of RGB values tagged with a Display P3 or Adobe RGB (1998)
                               ICC profile (built here with Little CMS 2 through ctypes)
  gamma18.png                  the same grid with gAMA 0.55556 (gamma 1.8) and sRGB's cHRM
  expected.json                per fixture, the sRGB values `transicc` (liblcms2-utils) gives for
                               every pixel, rounded (-q), clipped (-s), perceptual intent (-t0)
The tests need neither the tools nor this script. Run: python3 Tests/ImageCodecTests/Fixtures/Color/gen-icc-fixtures.py
"""
import ctypes, json, os, struct, subprocess, tempfile, zlib
from PIL import Image

OUT = os.path.dirname(os.path.abspath(__file__))  # the fixtures sit beside this script
lcms = ctypes.CDLL("liblcms2.so.2")
lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
lcms.cmsBuildGamma.restype = ctypes.c_void_p
lcms.cmsMLUalloc.restype = ctypes.c_void_p


class xyY(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]


def profile(white, primaries, curve, description):
    w = xyY(white[0], white[1], 1.0)
    prim = (xyY * 3)(*[xyY(x, y, 1.0) for x, y in primaries])
    curves = (ctypes.c_void_p * 3)(curve, curve, curve)
    h = lcms.cmsCreateRGBProfile(ctypes.byref(w), prim, curves)
    mlu = lcms.cmsMLUalloc(None, 1)
    lcms.cmsMLUsetASCII(ctypes.c_void_p(mlu), b"en", b"US", description.encode())
    lcms.cmsWriteTag(ctypes.c_void_p(h), 0x64657363, ctypes.c_void_p(mlu))  # 'desc'
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(h), None, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(h), buf, ctypes.byref(size))
    return buf.raw


D65 = (0.3127, 0.3290)
srgb_trc = lcms.cmsBuildParametricToneCurve(None, 4, (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
P3 = profile(D65, [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], srgb_trc, "Display P3")
ADOBE = profile(D65, [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], lcms.cmsBuildGamma(None, ctypes.c_double(563 / 256)),
                "Adobe RGB (1998)")
LEVELS = [0, 30, 64, 128, 180, 230, 255]
GRID = [(r, g, b) for i, r in enumerate(LEVELS) for j, g in enumerate(LEVELS) for b in [LEVELS[(i + 2 * j) % 7]]]


def grid_image():
    im = Image.new("RGB", (7, 7))
    im.putdata(GRID)
    return im


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def with_gamma(png, gamma, chrm):
    extra = chunk(b"gAMA", struct.pack(">I", round(gamma * 100000)))
    extra += chunk(b"cHRM", struct.pack(">8I", *[round(v * 100000) for v in chrm]))
    return png[:33] + extra + png[33:]   # after the signature and IHDR


def transicc(profile_path, colours):
    text = "\n".join(f"{r} {g} {b}" for r, g, b in colours) + "\n"
    out = subprocess.run(["transicc", "-t0", "-q", "-s", "-i" + profile_path, "-o*sRGB"], input=text, capture_output=True,
                         text=True, check=True).stdout
    values = []
    for line in out.splitlines():
        nums = [tok.split("=")[-1] for tok in line.replace(",", " ").split() if "=" in tok]
        if len(nums) == 3:
            values.append([round(float(n)) for n in nums])
    assert len(values) == len(colours), out
    return values


def main():
    os.makedirs(OUT, exist_ok=True)
    expected = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, icc in [("displayp3", P3), ("adobergb", ADOBE)]:
            path = os.path.join(tmp, name + ".icc")
            open(path, "wb").write(icc)
            grid_image().save(os.path.join(OUT, name + ".png"), icc_profile=icc, optimize=True)
            expected[name] = transicc(path, GRID)
        # gAMA 0.55556 (gamma 1.8) with sRGB's primaries: the same conversion from a profile built alike.
        gamma = profile(D65, [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], lcms.cmsBuildGamma(None, ctypes.c_double(1.8)), "g18")
        path = os.path.join(tmp, "gamma18.icc")
        open(path, "wb").write(gamma)
        import io
        buf = io.BytesIO()
        grid_image().save(buf, "PNG")
        open(os.path.join(OUT, "gamma18.png"), "wb").write(
            with_gamma(buf.getvalue(), 0.55556, [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]))
        expected["gamma18"] = transicc(path, GRID)
    expected["input"] = [list(c) for c in GRID]
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
