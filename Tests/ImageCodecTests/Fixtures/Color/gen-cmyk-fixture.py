#!/usr/bin/env python3
"""CMYK colour-conversion fixtures for `stickerforge fix` (color_profile), checked against lcms2's own tool.

No CMYK ICC profile ships with Debian's lcms2, so this builds a small but real LUT-based one with Little
CMS 2 (through ctypes): an output-class CMYK profile whose AToB0 (CMYK -> Lab, 5^4 grid) samples a simple
ink model (coloured, imperfect inks with dot gain on a slightly warm paper, a black that is not 0,0,0) and
whose BToA0 (Lab -> CMYK, 7^3 grid) holds an approximate inverse of it. The model is deliberately far from
the naive ink formula R = (255 - C) x (255 - K) / 255, so a test can tell the two conversions apart.

Writes into Tests/ImageCodecTests/Fixtures/Color:
  cmyk-inks.icc         the profile ("StickerForge test inks (CMYK)")
  cmyk-adobe-icc.jpg    an 8x6 grid of flat 8x8 blocks of CMYK values, quality 100 (every block decodes
                        to exactly its value), written by Pillow: Adobe APP14 marker, inverted samples
                        (0 = full ink), the profile embedded (APP2 ICC_PROFILE)
  cmyk-plain-icc.jpg    the same file without the APP14 marker: a decoder reads the stored bytes as plain
                        CMYK (0 = no ink), so the values it sees are 255 minus the grid's
  cmyk-expected.json    "input": the grid's CMYK values (block order, row by row); "adobe" and "plain":
                        per block, the sRGB values `transicc -c0 -t0 -s -q` (liblcms2-utils) gives for the
                        CMYK values each file decodes to (perceptual intent, unoptimised floating point)
The tests need neither the tools nor this script. Run: python3 Tests/ImageCodecTests/Fixtures/Color/gen-cmyk-fixture.py
"""
import ctypes, json, os, subprocess, tempfile
from PIL import Image

OUT = os.path.dirname(os.path.abspath(__file__))  # the fixtures sit beside this script
lcms = ctypes.CDLL("liblcms2.so.2")
for name in ["cmsCreateProfilePlaceholder", "cmsCreate_sRGBProfile", "cmsCreateLab4Profile", "cmsCreateTransform",
             "cmsPipelineAlloc", "cmsStageAllocCLut16bit", "cmsStageAllocToneCurves", "cmsMLUalloc", "cmsD50_XYZ"]:
    getattr(lcms, name).restype = ctypes.c_void_p
P = ctypes.c_void_p
SAMPLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_uint16), ctypes.c_void_p)


class Lab(ctypes.Structure):
    _fields_ = [("L", ctypes.c_double), ("a", ctypes.c_double), ("b", ctypes.c_double)]


TYPE_RGB_DBL = (1 << 22) | (4 << 16) | (3 << 3) | 0    # FLOAT_SH(1)|COLORSPACE_SH(PT_RGB)|CHANNELS_SH(3)|BYTES_SH(0)
TYPE_Lab_DBL = (1 << 22) | (10 << 16) | (3 << 3) | 0   # ... COLORSPACE_SH(PT_Lab) ...
sRGB, LabD50 = P(lcms.cmsCreate_sRGBProfile()), P(lcms.cmsCreateLab4Profile(None))
to_lab = P(lcms.cmsCreateTransform(sRGB, TYPE_RGB_DBL, LabD50, TYPE_Lab_DBL, 1, 0x0100))
from_lab = P(lcms.cmsCreateTransform(LabD50, TYPE_Lab_DBL, sRGB, TYPE_RGB_DBL, 1, 0x0100))
assert to_lab.value and from_lab.value

# Reflectance of each full ink per R, G, B (linear light), the paper, and the dot gain exponent.
INKS = [(0.10, 0.62, 0.90), (0.93, 0.18, 0.50), (0.98, 0.90, 0.12), (0.14, 0.12, 0.10)]
PAPER, GAIN = (0.96, 0.95, 0.92), 0.8


def encode_srgb(v):
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def decode_srgb(v):
    v = min(1.0, max(0.0, v))
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def inks_to_srgb(cmyk):
    """Ink amounts 0..1 (0 = no ink) -> sRGB 0..1: every ink filters the paper's reflectance."""
    cover = [v ** GAIN for v in cmyk]
    linear = [PAPER[ch] for ch in range(3)]
    for ink, amount in zip(INKS, cover):
        linear = [linear[ch] * (1 - amount * (1 - ink[ch])) for ch in range(3)]
    return [encode_srgb(v) for v in linear]


def srgb_to_inks(rgb):
    """An approximate inverse (grey component replacement, then the dot gain undone)."""
    lin = [decode_srgb(v) / PAPER[ch] for ch, v in enumerate(rgb)]
    k = 1 - max(lin)
    cmy = [0.0 if k >= 1 else (1 - v - k) / (1 - k) for v in lin]
    return [min(1.0, max(0.0, v)) ** (1 / GAIN) for v in cmy + [k]]


def lab_of(rgb):
    src, dst = (ctypes.c_double * 3)(*rgb), Lab()
    lcms.cmsDoTransform(to_lab, src, ctypes.byref(dst), 1)
    return dst


@SAMPLER
def a_to_b(inp, out, cargo):
    lab = lab_of(inks_to_srgb([inp[i] / 65535 for i in range(4)]))
    lcms.cmsFloat2LabEncoded(out, ctypes.byref(lab))
    return 1


@SAMPLER
def b_to_a(inp, out, cargo):
    lab, rgb = Lab(), (ctypes.c_double * 3)()
    lcms.cmsLabEncoded2Float(ctypes.byref(lab), inp)
    lcms.cmsDoTransform(from_lab, ctypes.byref(lab), rgb, 1)
    for i, v in enumerate(srgb_to_inks(list(rgb))):
        out[i] = round(v * 65535)
    return 1


def clut_pipeline(inputs, outputs, points, sampler):
    pipe = P(lcms.cmsPipelineAlloc(None, inputs, outputs))
    stage = P(lcms.cmsStageAllocCLut16bit(None, points, inputs, outputs, None))
    assert lcms.cmsStageSampleCLut16bit(stage, sampler, None, 0)
    # lutAtoBType / lutBtoAType: identity A and B curves around the table (v4 requires B curves).
    lcms.cmsPipelineInsertStage(pipe, 1, P(lcms.cmsStageAllocToneCurves(None, inputs, None)))   # cmsAT_END
    lcms.cmsPipelineInsertStage(pipe, 1, stage)
    lcms.cmsPipelineInsertStage(pipe, 1, P(lcms.cmsStageAllocToneCurves(None, outputs, None)))
    return pipe


def build_profile():
    h = P(lcms.cmsCreateProfilePlaceholder(None))
    lcms.cmsSetProfileVersion(h, ctypes.c_double(4.3))
    lcms.cmsSetDeviceClass(h, 0x70727472)   # 'prtr'
    lcms.cmsSetColorSpace(h, 0x434D594B)    # 'CMYK'
    lcms.cmsSetPCS(h, 0x4C616220)           # 'Lab '
    lcms.cmsSetHeaderRenderingIntent(h, 0)
    for sig, text in [(0x64657363, "StickerForge test inks (CMYK)"), (0x63707274, "No copyright, use freely")]:
        mlu = P(lcms.cmsMLUalloc(None, 1))
        lcms.cmsMLUsetASCII(mlu, b"en", b"US", text.encode())
        assert lcms.cmsWriteTag(h, sig, mlu)
    assert lcms.cmsWriteTag(h, 0x77747074, P(lcms.cmsD50_XYZ()))           # 'wtpt'
    assert lcms.cmsWriteTag(h, 0x41324230, clut_pipeline(4, 3, 5, a_to_b))  # 'A2B0'
    assert lcms.cmsWriteTag(h, 0x42324130, clut_pipeline(3, 4, 7, b_to_a))  # 'B2A0'
    size = ctypes.c_uint32(0)
    assert lcms.cmsSaveProfileToMem(h, None, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value)
    assert lcms.cmsSaveProfileToMem(h, buf, ctypes.byref(size))
    return buf.raw


# Inks (0 = none, 255 = full): primaries, overprints, greys, rich black, skin and sky tones, pastels.
GRID = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 255), (255, 255, 0, 0), (0, 255, 255, 0),
        (255, 0, 255, 0), (0, 0, 0, 0), (128, 0, 0, 0), (0, 128, 0, 0), (0, 0, 128, 0), (0, 0, 0, 128),
        (64, 64, 64, 0), (0, 0, 0, 64), (0, 0, 0, 192), (153, 102, 102, 255), (15, 50, 65, 0), (30, 80, 100, 10),
        (200, 60, 0, 0), (180, 20, 0, 20), (5, 10, 15, 3), (250, 250, 250, 250), (40, 0, 200, 0), (0, 200, 40, 0),
        (120, 200, 30, 60), (80, 30, 160, 100), (10, 120, 220, 5), (230, 180, 10, 40), (64, 128, 192, 32),
        (192, 128, 64, 16), (33, 66, 99, 132), (99, 66, 33, 200), (17, 34, 51, 68), (85, 170, 0, 85),
        (0, 85, 170, 170), (170, 0, 85, 0), (255, 255, 255, 0), (255, 128, 0, 0), (128, 255, 0, 0),
        (0, 128, 255, 0), (12, 240, 130, 7), (140, 10, 250, 90), (60, 60, 0, 30), (0, 60, 60, 30),
        (60, 0, 60, 30), (100, 100, 100, 100), (25, 25, 25, 25), (205, 205, 205, 205)]
COLS, ROWS, BLOCK = 8, 6, 8


def grid_jpeg(path, icc):
    im = Image.new("CMYK", (COLS * BLOCK, ROWS * BLOCK))
    for i, value in enumerate(GRID):
        x, y = (i % COLS) * BLOCK, (i // COLS) * BLOCK
        im.paste(value, (x, y, x + BLOCK, y + BLOCK))
    im.save(path, "JPEG", quality=100, icc_profile=icc)
    back = Image.open(path)
    assert back.mode == "CMYK" and back.info.get("adobe") is not None, "Pillow wrote no Adobe marker"
    for i, value in enumerate(GRID):   # flat blocks at quality 100 decode exactly (Pillow un-inverts Adobe CMYK)
        x, y = (i % COLS) * BLOCK, (i // COLS) * BLOCK
        assert all(back.getpixel((x + dx, y + dy)) == value for dx in range(BLOCK) for dy in range(BLOCK)), i


def without_app14(data):
    """The JPEG with its APP14 "Adobe" segment removed (every other byte kept)."""
    i, out = 2, bytearray(data[:2])
    while data[i] == 0xFF and data[i + 1] != 0xDA:
        length = data[i + 2] << 8 | data[i + 3]
        segment = data[i:i + 2 + length]
        if not (data[i + 1] == 0xEE and segment[4:9] == b"Adobe"):
            out += segment
        i += 2 + length
    assert len(out) < i, "no APP14 segment"
    return bytes(out + data[i:])


def transicc(profile_path, colours):
    text = "\n".join(" ".join(repr(v * 100 / 255) for v in c) for c in colours) + "\n"
    out = subprocess.run(["transicc", "-c0", "-t0", "-s", "-q", "-n", "-i" + profile_path, "-o*sRGB"], input=text,
                         capture_output=True, text=True, check=True).stdout
    values = [[round(float(v)) for v in line.split()] for line in out.splitlines() if line.strip()]
    assert len(values) == len(colours) and all(len(v) == 3 for v in values), out
    return values


def main():
    os.makedirs(OUT, exist_ok=True)
    icc = build_profile()
    profile_path = os.path.join(OUT, "cmyk-inks.icc")
    open(profile_path, "wb").write(icc)
    adobe = os.path.join(OUT, "cmyk-adobe-icc.jpg")
    grid_jpeg(adobe, icc)
    open(os.path.join(OUT, "cmyk-plain-icc.jpg"), "wb").write(without_app14(open(adobe, "rb").read()))
    expected = {
        "input": [list(c) for c in GRID],
        "adobe": transicc(profile_path, GRID),
        # Without the marker the stored (inverted) bytes are read as plain CMYK.
        "plain": transicc(profile_path, [[255 - v for v in c] for c in GRID]),
    }
    with open(os.path.join(OUT, "cmyk-expected.json"), "w") as f:
        json.dump(expected, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
