#!/usr/bin/env python3
"""Independent validator of a sticker store's output folder (issue 23).

    Tests/Oracles/verify-platforms.py OUT/P [--platform P] [--files-only] [--telegram-bot NAME]
    Tests/Oracles/verify-platforms.py PACK.wastickers
    Tests/Oracles/verify-platforms.py --self-test

Judges what `stickerforge build --platform P` (or any other tool) wrote against the stores' published
rules, measured with Pillow, ffprobe, zipfile, gzip and json only: it shares no code or tables with
StickerForge's Swift rules, so a mistake in those is not repeated here. The rules and their sources:

  WhatsApp  github.com/WhatsApp/stickers: Android StickerPackValidator (identifier charset [\\w-.,'\\s]+
            without '..', identifier/name/publisher 1-128 characters, 3-30 stickers, emojis 1-3,
            512x512 WebP, still <= 100 KiB and one frame, animated <= 500 KiB, more than one frame,
            every frame >= 8 ms, total <= 10,000 ms, tray <= 50 KiB), iOS Limits.swift (tray 96x96 PNG),
            the README (contents.json keys, transparent background); the .wastickers ZIP
            (title.txt, author.txt, tray PNG, stickers at its root) as third-party installers read it.
  Telegram  core.telegram.org/bots/api#createnewstickerset (name: English letters, digits and
            underscores, begins with a letter, no '__', ends in _by_<bot>, 1-64; title 1-64; 1-50
            initial stickers; InputSticker.format static|animated|video; emoji_list 1-20),
            core.telegram.org/stickers (static PNG/WebP one side 512 the other <= 512, <= 512 KiB;
            video WebM VP9, no audio, <= 3 s, <= 30 fps, <= 256 KiB; TGS 512x512, 60 fps, <= 3 s, <= 64 KiB).
  Signal    support article "Create a sticker pack": PNG/APNG/WebP, 512x512, <= 300 KB, <= 3 s,
            one emoji per sticker, at most 200 stickers.
  Discord   support article on custom stickers: PNG/APNG, 320x320, <= 512 KB.
  LINE      creator.line.me/en/guideline and /guideline/animationsticker: submission ZIP of main.png
            (240x240), tab.png (96x74), 01.png..NN.png; stills PNG <= 370x320 with even sides, <= 1 MB,
            8/16/24/32/40 a set; animations APNG <= 320x270 with one side >= 270, 5-20 frames (identical
            neighbours count as one), 1-4 plays totalling <= 4 s, <= 300 KB, 8/16/24 a set;
            transparent background; ZIP <= 20 MB.

"KB" in prose is read as 1,000 bytes; "100 * 1024" in a store's code as bytes. One line per problem
("path: what is wrong"), exit 0 when there is none, 1 when there are, 2 on a usage error.
`--files-only` judges only the sticker files (for tools that write no metadata, e.g. sticker-convert);
`--list` also prints each sticker file's measurements to standard error.
"""
import argparse
import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

try:
    from PIL import Image
except ImportError:  # pragma: no cover
    sys.exit("verify-platforms: needs Pillow (pip install Pillow)")

PLATFORMS = ("whatsapp", "telegram", "signal", "discord", "line")
IMAGE_EXTENSIONS = (".png", ".webp", ".gif", ".webm", ".tgs", ".jpg", ".jpeg", ".apng")
REPORT_FILES = {"manifest.json", "report.json", "report.html", "contents.json", "stickerset.json"}


class Problems:
    """Collects one line per problem, with the path it concerns."""

    def __init__(self):
        self.lines = []
        self.measured = []  # (path, measurements) of every sticker file judged, for --list

    def add(self, where, message):
        self.lines.append(f"{where}: {message}")


# --- measuring files ---------------------------------------------------------------------------

def sniff(data):
    """The format by the bytes: png, apng, webp, gif, jpeg, webm, tgs, or None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "apng" if b"acTL" in data[: data.find(b"IDAT") if b"IDAT" in data else len(data)] else "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:4] == b"\x1a\x45\xdf\xa3":
        return "webm"
    if data[:2] == b"\x1f\x8b":
        return "tgs"
    return None


def frames_of(im):
    """Every frame of a Pillow image as RGBA, with its delay in ms."""
    out = []
    for index in range(getattr(im, "n_frames", 1)):
        im.seek(index)
        out.append((im.convert("RGBA"), int(im.info.get("duration", 0) or 0)))
    return out


def probe_raster(data):
    """width, height, frames, delays (ms), plays (0 = forever), transparent, distinct frames."""
    with Image.open(io.BytesIO(data)) as im:
        width, height = im.size
        frames = frames_of(im)
        plays = int(im.info.get("loop", 0) or 0)
    delays = [d for _, d in frames]
    distinct, previous = 0, None
    for frame, _ in frames:
        raw = frame.tobytes()
        if raw != previous:
            distinct += 1
        previous = raw
    transparent = frames[0][0].getextrema()[3][0] < 255
    return {"width": width, "height": height, "frames": len(frames), "delays": delays, "plays": plays,
            "duration": sum(delays), "transparent": transparent, "distinct": distinct}


def probe_webm(path):
    """ffprobe's view of a WebM: codec, alpha, audio, size, duration, fps, frames."""
    if not shutil.which("ffprobe"):
        return None
    out = subprocess.run(["ffprobe", "-v", "error", "-count_packets", "-show_streams", "-show_format",
                          "-of", "json", path], capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "ffprobe failed"}
    info = json.loads(out.stdout)
    streams = info.get("streams", [])
    video = [s for s in streams if s.get("codec_type") == "video"]
    result = {"audio": any(s.get("codec_type") == "audio" for s in streams), "video": bool(video)}
    if video:
        v = video[0]
        num, _, den = (v.get("avg_frame_rate") or v.get("r_frame_rate") or "0/1").partition("/")
        fps = float(num) / float(den or 1) if float(den or 1) else 0.0
        result.update(codec=v.get("codec_name"), width=v.get("width"), height=v.get("height"), fps=fps,
                      frames=int(v.get("nb_read_packets") or 0),
                      alpha=str(v.get("tags", {}).get("alpha_mode", v.get("tags", {}).get("ALPHA_MODE", "0"))) == "1",
                      duration=float(info.get("format", {}).get("duration") or v.get("duration") or 0) * 1000)
    return result


def probe_tgs(data):
    """A TGS's Lottie canvas, frame rate and length, or an error."""
    try:
        lottie = json.loads(gzip.decompress(data))
    except (OSError, ValueError) as error:
        return {"error": f"not gzipped Lottie JSON ({error})"}
    fr = float(lottie.get("fr") or 0)
    frames = float(lottie.get("op", 0)) - float(lottie.get("ip", 0))
    return {"width": lottie.get("w"), "height": lottie.get("h"), "fps": fr,
            "duration": frames / fr * 1000 if fr else 0.0}


# --- the stores' sticker rules -------------------------------------------------------------------

def fmt_bytes(n):
    return f"{n:,} bytes"


def check_sticker(problems, where, data, path, store, expect=None):
    """Judges one sticker file against `store`'s rules; returns its measurements (or None)."""
    kind = sniff(data)
    size = len(data)
    if kind is None:
        problems.add(where, "not an image the stores take (unknown bytes)")
        return None
    if kind in ("webm",):
        info = probe_webm(path)
        if info is None:
            problems.add(where, "WebM not judged: ffprobe is not installed")
            return None
        if "error" in info:
            problems.add(where, f"ffprobe cannot read it: {info['error']}")
            return None
        info.update(format="webm", bytes=size, animated=True)
    elif kind == "tgs":
        info = probe_tgs(data)
        if "error" in info:
            problems.add(where, info["error"])
            return None
        info.update(format="tgs", bytes=size, animated=True)
    else:
        try:
            info = probe_raster(data)
        except Exception as error:  # Pillow raises many kinds on bad bytes
            problems.add(where, f"cannot decode {kind.upper()}: {error}")
            return None
        info.update(format=kind, bytes=size, animated=info["frames"] > 1 or kind == "apng")
    problems.measured.append((where, info))
    RULES[store](problems, where, info, expect)
    return info


def side_512(problems, where, info):
    w, h = info["width"], info["height"]
    if max(w, h) != 512 or min(w, h) > 512:
        problems.add(where, f"{w}x{h} px; Telegram needs one side exactly 512 px and the other at most 512")


def exact(problems, where, info, w, h, store):
    if (info["width"], info["height"]) != (w, h):
        problems.add(where, f"{info['width']}x{info['height']} px; {store} needs exactly {w}x{h}")


def at_most(problems, where, size, limit, store, what="file"):
    if size > limit:
        problems.add(where, f"{fmt_bytes(size)}; {store} takes a {what} of at most {fmt_bytes(limit)}")


def rules_whatsapp(problems, where, info, expect):
    if info["format"] != "webp":
        problems.add(where, f"{info['format'].upper()} data; WhatsApp takes WebP")
        return
    exact(problems, where, info, 512, 512, "WhatsApp")
    animated = info["frames"] > 1 if expect is None else expect
    if not info["transparent"]:
        problems.add(where, "no transparent pixel; WhatsApp stickers need a transparent background")
    if not animated:
        at_most(problems, where, info["bytes"], 100 * 1024, "WhatsApp", "still sticker")
        if info["frames"] > 1:
            problems.add(where, f"{info['frames']} frames in a pack not marked animated_sticker_pack")
        return
    at_most(problems, where, info["bytes"], 500 * 1024, "WhatsApp", "animated sticker")
    if info["frames"] <= 1:
        problems.add(where, "1 frame in a pack marked animated_sticker_pack; every sticker must animate")
    short = [d for d in info["delays"] if d < 8]
    if short:
        problems.add(where, f"{len(short)} frame(s) shorter than 8 ms (shortest {min(short)} ms)")
    if info["duration"] > 10_000:
        problems.add(where, f"plays {info['duration']} ms; WhatsApp takes at most 10,000 ms")


def rules_telegram(problems, where, info, expect):
    fmt = info["format"]
    if expect is not None and expect != {"png": "static", "webp": "static", "webm": "video", "tgs": "animated"}.get(fmt):
        problems.add(where, f"{fmt.upper()} data where stickerset.json says format \"{expect}\"")
    if fmt in ("png", "webp") and info["frames"] == 1:
        side_512(problems, where, info)
        at_most(problems, where, info["bytes"], 512 * 1024, "Telegram", "static sticker")
    elif fmt == "webm":
        side_512(problems, where, info)
        if not info["video"] or info.get("codec") != "vp9":
            problems.add(where, f"video codec {info.get('codec')}; Telegram video stickers are VP9")
        if info["audio"]:
            problems.add(where, "has an audio stream; Telegram video stickers have none")
        if info["duration"] > 3000 + 0.5:
            problems.add(where, f"lasts {info['duration']:.0f} ms; Telegram takes at most 3,000 ms")
        if info["fps"] > 30 + 1e-6:
            problems.add(where, f"{info['fps']:.2f} fps; Telegram takes at most 30")
        at_most(problems, where, info["bytes"], 256 * 1024, "Telegram", "video sticker")
    elif fmt == "tgs":
        if (info["width"], info["height"]) != (512, 512):
            problems.add(where, f"Lottie canvas {info['width']}x{info['height']}; Telegram needs 512x512")
        if info["fps"] != 60:
            problems.add(where, f"{info['fps']:g} fps; Telegram's animated stickers are 60 fps")
        if info["duration"] > 3000 + 0.5:
            problems.add(where, f"lasts {info['duration']:.0f} ms; Telegram takes at most 3,000 ms")
        at_most(problems, where, info["bytes"], 64 * 1024, "Telegram", "TGS sticker")
    else:
        what = "animated " + fmt.upper() if info["frames"] > 1 else fmt.upper()
        problems.add(where, f"{what} data; Telegram takes PNG or WebP stills, WebM video or TGS")


def rules_signal(problems, where, info, expect):
    if info["format"] not in ("png", "apng", "webp"):
        problems.add(where, f"{info['format'].upper()} data; Signal takes PNG, APNG or WebP")
        return
    exact(problems, where, info, 512, 512, "Signal")
    at_most(problems, where, info["bytes"], 300_000, "Signal", "sticker")
    if info["animated"] and info["duration"] > 3000:
        problems.add(where, f"plays {info['duration']} ms; Signal takes at most 3,000 ms")


def rules_discord(problems, where, info, expect):
    if info["format"] not in ("png", "apng"):
        problems.add(where, f"{info['format'].upper()} data; Discord takes PNG or APNG")
        return
    exact(problems, where, info, 320, 320, "Discord")
    at_most(problems, where, info["bytes"], 512_000, "Discord", "sticker")


def rules_line(problems, where, info, expect):
    if info["format"] not in ("png", "apng"):
        problems.add(where, f"{info['format'].upper()} data; LINE takes PNG or APNG (.png)")
        return
    w, h = info["width"], info["height"]
    if not info["transparent"]:
        problems.add(where, "no transparent pixel; LINE needs a transparent background")
    if info["format"] == "png":
        if w > 370 or h > 320:
            problems.add(where, f"{w}x{h} px; LINE takes stills of at most 370x320")
        if w % 2 or h % 2:
            problems.add(where, f"{w}x{h} px; LINE needs even width and height")
        at_most(problems, where, info["bytes"], 1_000_000, "LINE", "still sticker")
        return
    if w > 320 or h > 270 or max(w, h) < 270:
        problems.add(where, f"{w}x{h} px; LINE takes animations of at most 320x270 with one side at least 270")
    if not 5 <= info["distinct"] <= 20:
        problems.add(where, f"{info['distinct']} distinct frames; LINE takes 5 to 20")
    if info["plays"] == 0:
        problems.add(where, "plays forever; LINE takes 1 to 4 plays")
    elif info["plays"] > 4:
        problems.add(where, f"plays {info['plays']} times; LINE takes 1 to 4")
    elif info["duration"] * info["plays"] > 4000:
        problems.add(where, f"{info['plays']} plays of {info['duration']} ms; LINE takes at most 4,000 ms in all")
    at_most(problems, where, info["bytes"], 300_000, "LINE", "animated sticker")


RULES = {"whatsapp": rules_whatsapp, "telegram": rules_telegram, "signal": rules_signal,
         "discord": rules_discord, "line": rules_line}
PACK_SIZES = {"whatsapp": (3, 30), "telegram": (1, 120), "signal": (1, 200), "discord": (1, 60)}
NAMES = {"whatsapp": "WhatsApp", "telegram": "Telegram", "signal": "Signal", "discord": "Discord", "line": "LINE"}


# --- the stores' layouts and metadata ---------------------------------------------------------------

def load_json(problems, path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        problems.add(path, "missing")
    except ValueError as error:
        problems.add(path, f"not valid JSON: {error}")
    return None


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def check_url(problems, where, key, value, domain=None):
    if not value:
        return
    if not re.match(r"^https?://[^/\s]+", value):
        problems.add(where, f"{key} \"{value}\" is not an http(s) URL")
    elif domain and re.match(r"^https?://([^/:]+)", value).group(1) != domain:
        problems.add(where, f"{key} must use {domain}")


def check_whatsapp_pack(problems, folder, where, pack):
    keys = ["identifier", "name", "publisher", "tray_image_file", "image_data_version", "avoid_cache",
            "publisher_email", "publisher_website", "privacy_policy_website", "license_agreement_website",
            "animated_sticker_pack", "stickers"]
    for key in keys:
        if key not in pack:
            problems.add(where, f"sticker pack has no \"{key}\"")
    identifier = str(pack.get("identifier", ""))
    if not identifier:
        problems.add(where, "identifier is empty")
    elif len(identifier) > 128:
        problems.add(where, f"identifier has {len(identifier)} characters; at most 128")
    elif not re.fullmatch(r"[\w\-.,'\s]+", identifier, re.ASCII) or ".." in identifier:
        problems.add(where, f"identifier \"{identifier}\" may hold only a-z A-Z 0-9 _ - . , ' and spaces, never \"..\"")
    for key in ("name", "publisher"):
        value = str(pack.get(key, ""))
        if not value:
            problems.add(where, f"{key} is empty")
        elif len(value) > 128:
            problems.add(where, f"{key} has {len(value)} characters; WhatsApp takes at most 128")
    for key in ("avoid_cache", "animated_sticker_pack"):
        if key in pack and not isinstance(pack[key], bool):
            problems.add(where, f"{key} is not true or false")
    if "image_data_version" in pack and not (isinstance(pack["image_data_version"], str) and pack["image_data_version"]):
        problems.add(where, "image_data_version is not a non-empty string")
    check_url(problems, where, "publisher_website", pack.get("publisher_website"))
    check_url(problems, where, "privacy_policy_website", pack.get("privacy_policy_website"))
    check_url(problems, where, "license_agreement_website", pack.get("license_agreement_website"))
    email = pack.get("publisher_email")
    if email and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        problems.add(where, f"publisher_email \"{email}\" is not an email address")
    tray = pack.get("tray_image_file")
    if tray:
        check_tray(problems, os.path.join(folder, tray))
    stickers = pack.get("stickers") or []
    if not 3 <= len(stickers) <= 30:
        problems.add(where, f"{len(stickers)} stickers; WhatsApp takes 3 to 30")
    animated = pack.get("animated_sticker_pack") is True
    for sticker in stickers:
        name = sticker.get("image_file", "")
        emojis = sticker.get("emojis")
        if not isinstance(emojis, list) or not 1 <= len(emojis) <= 3 or not all(isinstance(e, str) and e for e in emojis):
            problems.add(os.path.join(folder, name), f"emojis {emojis!r}; WhatsApp needs 1 to 3")
        text = sticker.get("accessibility_text")
        if text is not None:
            # The Android sample's StickerPackValidator: 125 (still) / 255 (animated), Java's length (UTF-16 units).
            limit, units = (255 if animated else 125), len(str(text).encode("utf-16-le")) // 2
            if not isinstance(text, str) or units > limit:
                problems.add(os.path.join(folder, name), f"accessibility_text of {units} characters; WhatsApp takes at most {limit}")
        if not name:
            problems.add(where, "a sticker has no image_file")
            continue
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            problems.add(path, "named in contents.json but missing")
            continue
        check_sticker(problems, path, read_file(path), path, "whatsapp", animated)


def check_tray(problems, path, data=None):
    if data is None:
        if not os.path.isfile(path):
            problems.add(path, "tray image missing")
            return
        data = read_file(path)
    if sniff(data) != "png":
        problems.add(path, f"tray image is {(sniff(data) or 'unknown').upper()} data; WhatsApp takes PNG")
        return
    with Image.open(io.BytesIO(data)) as im:
        if im.size != (96, 96):
            problems.add(path, f"tray image {im.size[0]}x{im.size[1]} px; WhatsApp needs 96x96")
    at_most(problems, path, len(data), 50 * 1024, "WhatsApp", "tray image")


def check_wastickers(problems, path, title=None, author=None, beside=None):
    """A .wastickers ZIP: title.txt, author.txt, a tray PNG and 3-30 WebP stickers at its root."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        problems.add(path, f"not a ZIP: {error}")
        return
    with archive:
        names = archive.namelist()
        for name in names:
            if "/" in name:
                problems.add(path, f"{name} is in a folder; .wastickers holds its files at the root")
        for text, want in (("title.txt", title), ("author.txt", author)):
            if text not in names:
                problems.add(path, f"has no {text}")
            elif want is not None and archive.read(text).decode("utf-8", "replace").strip() != want:
                problems.add(path, f"{text} does not match contents.json ({want!r})")
        pngs = [n for n in names if n.lower().endswith(".png")]
        stickers = [n for n in names if n.lower().endswith(".webp")]
        if len(pngs) != 1:
            problems.add(path, f"{len(pngs)} PNG files; .wastickers holds one tray PNG")
        for name in pngs:
            check_tray(problems, f"{path}!{name}", archive.read(name))
        if not 3 <= len(stickers) <= 30:
            problems.add(path, f"{len(stickers)} WebP stickers; WhatsApp takes 3 to 30")
        animated = None
        for name in stickers:
            data = archive.read(name)
            info = check_sticker(problems, f"{path}!{name}", data, None, "whatsapp")
            if info and animated is not None and info["animated"] != animated:
                problems.add(path, "mixes still and animated stickers; a WhatsApp pack is one or the other")
            animated = info["animated"] if info else animated
        for name in names:
            if name.endswith("/") or name in ("title.txt", "author.txt") or name in pngs + stickers:
                continue
            problems.add(path, f"unexpected entry {name}")
        if beside:
            for name in pngs + stickers:
                other = os.path.join(beside, name)
                if not os.path.isfile(other) or read_file(other) != archive.read(name):
                    problems.add(path, f"{name} differs from the file beside it")


def check_whatsapp(problems, folder):
    contents = os.path.join(folder, "contents.json")
    doc = load_json(problems, contents)
    if doc is None:
        return
    for key in ("android_play_store_link", "ios_app_store_link", "sticker_packs"):
        if key not in doc:
            problems.add(contents, f"has no \"{key}\"")
    check_url(problems, contents, "android_play_store_link", doc.get("android_play_store_link"), "play.google.com")
    check_url(problems, contents, "ios_app_store_link", doc.get("ios_app_store_link"), "itunes.apple.com")
    packs = doc.get("sticker_packs") or []
    if not packs:
        problems.add(contents, "sticker_packs is empty")
    for pack in packs:
        check_whatsapp_pack(problems, folder, contents, pack)
    if len(packs) == 1:
        zip_path = os.path.join(folder, f"{packs[0].get('identifier', '')}.wastickers")
        if not os.path.isfile(zip_path):
            problems.add(zip_path, "missing")
        else:
            check_wastickers(problems, zip_path, packs[0].get("name"), packs[0].get("publisher"), folder)


TELEGRAM_FORMATS = ("static", "animated", "video")


def check_telegram(problems, folder, bot=None):
    path = os.path.join(folder, "stickerset.json")
    doc = load_json(problems, path)
    if doc is None:
        return
    name, title = str(doc.get("name", "")), str(doc.get("title", ""))
    if not 1 <= len(name) <= 64:
        problems.add(path, f"name has {len(name)} characters; Telegram takes 1 to 64")
    if name and (not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name) or "__" in name):
        problems.add(path, f"name \"{name}\" must begin with a letter and hold only English letters, digits "
                           "and single underscores")
    if bot and not name.lower().endswith(f"_by_{bot.lower()}"):
        problems.add(path, f"name \"{name}\" must end in _by_{bot}")
    if not 1 <= len(title) <= 64:
        problems.add(path, f"title has {len(title)} characters; Telegram takes 1 to 64")
    if doc.get("sticker_type", "regular") not in ("regular", "mask", "custom_emoji"):
        problems.add(path, f"sticker_type \"{doc.get('sticker_type')}\" is not regular, mask or custom_emoji")
    stickers = doc.get("stickers") or []
    if not 1 <= len(stickers) <= 50:
        problems.add(path, f"{len(stickers)} stickers; createNewStickerSet takes 1 to 50")
    for sticker in stickers:
        file = str(sticker.get("sticker", ""))
        where = os.path.join(folder, file)
        fmt = sticker.get("format")
        if fmt not in TELEGRAM_FORMATS:
            problems.add(where, f"format {fmt!r} is not static, animated or video")
        emojis = sticker.get("emoji_list")
        if not isinstance(emojis, list) or not 1 <= len(emojis) <= 20:
            problems.add(where, f"emoji_list {emojis!r}; Telegram needs 1 to 20")
        if not file or not os.path.isfile(where):
            problems.add(where, "named in stickerset.json but missing")
            continue
        check_sticker(problems, where, read_file(where), where, "telegram", fmt if fmt in TELEGRAM_FORMATS else None)


def sticker_files(folder, exclude=()):
    names = sorted(n for n in os.listdir(folder)
                   if n.lower().endswith(IMAGE_EXTENSIONS) and n not in REPORT_FILES and n not in exclude
                   and os.path.isfile(os.path.join(folder, n)))
    return [os.path.join(folder, n) for n in names]


def check_files(problems, folder, store, files=None):
    files = sticker_files(folder) if files is None else files
    kinds = set()
    for path in files:
        info = check_sticker(problems, path, read_file(path), path, store)
        if info:
            kinds.add(info["animated"])
    if store == "line":
        counts = (8, 16, 24) if True in kinds else (8, 16, 24, 32, 40)
        if len(files) not in counts:
            problems.add(folder, f"{len(files)} stickers; LINE takes {', '.join(map(str, counts))}")
    else:
        low, high = PACK_SIZES[store]
        if not low <= len(files) <= high:
            problems.add(folder, f"{len(files)} stickers; {NAMES[store]} takes {low} to {high}")
    if store == "whatsapp" and len(kinds) > 1:
        problems.add(folder, "mixes still and animated stickers; a WhatsApp pack is one or the other")


def manifest_stickers(problems, folder):
    """The stickers stickerforge's manifest.json lists, as dicts (file, emojis, ...), or None."""
    path = os.path.join(folder, "manifest.json")
    doc = load_json(problems, path)
    if not isinstance(doc, dict) or not isinstance(doc.get("stickers"), list):
        if doc is not None:
            problems.add(path, "has no \"stickers\" list")
        return None
    return doc["stickers"]


def manifest_file(entry):
    for key in ("output", "output_file", "file"):
        if isinstance(entry.get(key), str):
            return entry[key]
    return None


def check_manifest_store(problems, folder, store, emoji_range):
    """Signal and Discord: the stickers the manifest names, with emoji per sticker."""
    entries = manifest_stickers(problems, folder)
    if entries is None:
        return
    files = []
    for entry in entries:
        file = manifest_file(entry)
        if not file:
            problems.add(os.path.join(folder, "manifest.json"), "a sticker names no output file")
            continue
        path = os.path.join(folder, file)
        emojis = entry.get("emojis") or []
        if emoji_range and not emoji_range[0] <= len(emojis) <= emoji_range[1]:
            low, high = emoji_range
            wanted = f"exactly {low}" if low == high else f"{low} to {high}"
            problems.add(path, f"emojis {emojis!r}; {NAMES[store]} takes {wanted} a sticker")
        if not os.path.isfile(path):
            problems.add(path, "named in manifest.json but missing")
            continue
        files.append(path)
        data = read_file(path)
        for key in ("bytes",):
            if key in entry and entry[key] != len(data):
                problems.add(path, f"manifest.json says {key} {entry[key]}, the file has {len(data)}")
    check_files(problems, folder, store, files)


LINE_STICKER = re.compile(r"^(\d\d)\.png$")


def check_line(problems, folder):
    path = os.path.join(folder, "submission.zip")
    if not os.path.isfile(path):
        problems.add(path, "missing")
        return
    if os.path.getsize(path) > 20_000_000:
        problems.add(path, f"{fmt_bytes(os.path.getsize(path))}; LINE takes a ZIP of at most 20,000,000 bytes")
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as error:
        problems.add(path, f"not a ZIP: {error}")
        return
    with archive:
        names = [n for n in archive.namelist() if not n.endswith("/")]
        numbered = sorted(n for n in names if LINE_STICKER.match(n))
        for name in names:
            if name not in ("main.png", "tab.png") and name not in numbered:
                problems.add(path, f"unexpected entry {name}; LINE takes main.png, tab.png and 01.png, 02.png, ...")
        for need in ("main.png", "tab.png"):
            if need not in names:
                problems.add(path, f"has no {need}")
        expected = [f"{i:02d}.png" for i in range(1, len(numbered) + 1)]
        if numbered != expected:
            problems.add(path, f"stickers {', '.join(numbered)}; LINE numbers them 01.png to {len(numbered):02d}.png")
        kinds = set()
        for name in numbered:
            info = check_sticker(problems, f"{path}!{name}", archive.read(name), None, "line")
            if info:
                kinds.add(info["format"])
        animated = "apng" in kinds
        if len(kinds) > 1:
            problems.add(path, "mixes still and animated stickers; a LINE set is one or the other")
        counts = (8, 16, 24) if animated else (8, 16, 24, 32, 40)
        if len(numbered) not in counts:
            problems.add(path, f"{len(numbered)} stickers; LINE takes {', '.join(map(str, counts))} "
                               f"{'animated ' if animated else ''}stickers")
        for name, size, formats in (("main.png", (240, 240), ("png", "apng")), ("tab.png", (96, 74), ("png",))):
            if name not in names:
                continue
            data = archive.read(name)
            if sniff(data) not in formats:
                problems.add(f"{path}!{name}", f"{(sniff(data) or 'unknown').upper()} data; LINE takes {' or '.join(f.upper() for f in formats)}")
                continue
            with Image.open(io.BytesIO(data)) as im:
                if im.size != size:
                    problems.add(f"{path}!{name}", f"{im.size[0]}x{im.size[1]} px; LINE needs {size[0]}x{size[1]}")
        for name in names:
            other = os.path.join(folder, name)
            if not os.path.isfile(other) or read_file(other) != archive.read(name):
                problems.add(other, "missing or differs from the same file in submission.zip")


def describe(info):
    """One file's measurements: "webp 512x512, 38,112 bytes, 12 frames, 960 ms, plays forever"."""
    parts = [info["format"], f"{info['width']}x{info['height']}", fmt_bytes(info["bytes"])]
    if info.get("frames", 1) > 1:
        parts.append(f"{info['frames']} frames")
    if info["animated"]:
        parts.append(f"{info['duration']:.0f} ms")
    if "fps" in info:
        parts.append(f"{info['fps']:.2f} fps")
    if "plays" in info and info["animated"]:
        parts.append("plays forever" if info["plays"] == 0 else f"plays {info['plays']}")
    return ", ".join(parts)


def validate(folder, store, files_only=False, bot=None, measured=None):
    problems = Problems()
    if folder.endswith(".wastickers"):
        check_wastickers(problems, folder)
    elif files_only:
        check_files(problems, folder, store, sticker_files(folder, exclude=("main.png", "tab.png") if store == "line" else ()))
    elif store == "whatsapp":
        check_whatsapp(problems, folder)
    elif store == "telegram":
        check_telegram(problems, folder, bot)
    elif store == "line":
        check_line(problems, folder)
    else:
        check_manifest_store(problems, folder, store, (1, 1) if store in ("signal", "discord") else None)
    if not files_only and not folder.endswith(".wastickers") and store in ("whatsapp", "telegram", "line"):
        manifest_stickers(problems, folder)
    if measured is not None:
        measured.extend(problems.measured)
    return problems.lines


# --- self test ---------------------------------------------------------------------------------------

def _still(w, h, fmt="WEBP", alpha=True, **kw):
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0) if alpha else (255, 255, 255, 255))
    im.paste((200, 40, 40, 255), (w // 4, h // 4, 3 * w // 4, 3 * h // 4))
    buf = io.BytesIO()
    im.save(buf, fmt, **kw)
    return buf.getvalue()


def _anim(w, h, frames, fmt="WEBP", duration=100, loop=0, **kw):
    ims = []
    for i in range(frames):
        im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        im.paste((40, 40, 200 - i, 255), (i % 7 * 4, 8, w // 2 + i % 7 * 4, h // 2))
        ims.append(im)
    buf = io.BytesIO()
    ims[0].save(buf, fmt, save_all=True, append_images=ims[1:], duration=duration, loop=loop, **kw)
    return buf.getvalue()


def _write(folder, name, data):
    with open(os.path.join(folder, name), "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def _whatsapp_layout(folder, pack_overrides=None, sticker_data=None):
    os.makedirs(folder, exist_ok=True)
    names = [f"{i:02d}.webp" for i in range(3)]
    for name in names:
        _write(folder, name, sticker_data or _still(512, 512, lossless=False, quality=60))
    _write(folder, "tray.png", _still(96, 96, "PNG"))
    pack = {"identifier": "cats_1", "name": "Cats", "publisher": "Ann", "tray_image_file": "tray.png",
            "image_data_version": "1", "avoid_cache": False, "publisher_email": "", "publisher_website": "",
            "privacy_policy_website": "", "license_agreement_website": "", "animated_sticker_pack": False,
            "stickers": [{"image_file": n, "emojis": ["😀"]} for n in names]}
    pack.update(pack_overrides or {})
    _write(folder, "contents.json", json.dumps({"android_play_store_link": "", "ios_app_store_link": "",
                                                "sticker_packs": [pack]}))
    _write(folder, "manifest.json", json.dumps({"stickers": [{"output": n, "emojis": ["😀"]} for n in names]}))
    with zipfile.ZipFile(os.path.join(folder, f"{pack['identifier']}.wastickers"), "w") as z:
        z.writestr("title.txt", pack["name"])
        z.writestr("author.txt", pack["publisher"])
        for name in names + ["tray.png"]:
            z.write(os.path.join(folder, name), name)


def _line_layout(folder, count=8, sticker=None, extra=None):
    os.makedirs(folder, exist_ok=True)
    files = {"main.png": _still(240, 240, "PNG"), "tab.png": _still(96, 74, "PNG")}
    for i in range(1, count + 1):
        files[f"{i:02d}.png"] = sticker or _still(370, 320, "PNG")
    files.update(extra or {})
    with zipfile.ZipFile(os.path.join(folder, "submission.zip"), "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
            _write(folder, name, data)
    _write(folder, "manifest.json", json.dumps({"stickers": []}))


def self_test():
    failures = []

    def expect(label, lines, *fragments):
        if not fragments and lines:
            failures.append(f"{label}: expected no problem, got {lines}")
        for fragment in fragments:
            if not any(fragment in line for line in lines):
                failures.append(f"{label}: expected a line with {fragment!r}, got {lines}")

    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, "wa-good")
        _whatsapp_layout(good)
        expect("whatsapp good", validate(good, "whatsapp"))
        bad = os.path.join(tmp, "wa-bad")
        _whatsapp_layout(bad, {"identifier": "cats..1", "name": "N" * 129, "stickers": [
            {"image_file": "00.webp", "emojis": [], "accessibility_text": "é" * 126},
            {"image_file": "01.webp", "emojis": ["a", "b", "c", "d"], "accessibility_text": "fine"}]},
            sticker_data=_still(500, 512, quality=60))
        os.remove(os.path.join(bad, "cats..1.wastickers"))
        expect("whatsapp bad", validate(bad, "whatsapp"), "never \"..\"", "name has 129 characters",
               "2 stickers; WhatsApp takes 3 to 30", "emojis []", "500x512 px; WhatsApp needs exactly 512x512",
               "cats..1.wastickers: missing", "accessibility_text of 126 characters; WhatsApp takes at most 125")
        big = os.path.join(tmp, "wa-big")
        os.makedirs(big)
        _write(big, "x.webp", os.urandom(10))
        anim = _anim(512, 512, 4, duration=5)
        _whatsapp_layout(big, {"animated_sticker_pack": True}, sticker_data=anim)
        expect("whatsapp short frames", validate(big, "whatsapp"), "frame(s) shorter than 8 ms")
        _whatsapp_layout(big, {"animated_sticker_pack": False}, sticker_data=_anim(512, 512, 4))
        expect("whatsapp still pack animates", validate(big, "whatsapp"), "not marked animated_sticker_pack")

        tg = os.path.join(tmp, "telegram")
        os.makedirs(tg)
        _write(tg, "a.webp", _still(512, 300))
        _write(tg, "b.png", _still(400, 400, "PNG"))
        lottie = {"w": 512, "h": 512, "fr": 30, "ip": 0, "op": 120, "layers": []}
        _write(tg, "c.tgs", gzip.compress(json.dumps(lottie).encode()))
        _write(tg, "manifest.json", json.dumps({"stickers": []}))
        _write(tg, "stickerset.json", json.dumps({"name": "9cats__x", "title": "Cats", "sticker_type": "regular",
            "stickers": [{"sticker": "a.webp", "format": "static", "emoji_list": ["😀"]},
                         {"sticker": "b.png", "format": "static", "emoji_list": []},
                         {"sticker": "c.tgs", "format": "animated", "emoji_list": ["😀"]}]}))
        expect("telegram", validate(tg, "telegram", bot="catbot"), "must begin with a letter", "must end in _by_catbot",
               "b.png: 400x400 px; Telegram needs one side exactly 512", "emoji_list []",
               "30 fps; Telegram's animated stickers are 60 fps", "lasts 4000 ms")
        if shutil.which("ffmpeg") and shutil.which("ffprobe"):
            webm = os.path.join(tg, "v.webm")
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=128x64:r=40:d=3.2",
                            "-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "3.2", "-c:v", "libvpx-vp9",
                            "-deadline", "realtime", "-cpu-used", "8", "-b:v", "50k", "-c:a", "libopus", webm], check=True)
            problems = Problems()
            check_sticker(problems, webm, read_file(webm), webm, "telegram", "video")
            expect("telegram webm", problems.lines, "audio stream", "40.00 fps", "128x64 px", "Telegram takes at most 3,000 ms")

        line = os.path.join(tmp, "line")
        _line_layout(line)
        expect("line good", validate(line, "line"))
        bad_line = os.path.join(tmp, "line-bad")
        _line_layout(bad_line, count=9, sticker=_still(371, 320, "PNG"), extra={"cover.png": _still(10, 10, "PNG")})
        expect("line bad", validate(bad_line, "line"), "unexpected entry cover.png", "9 stickers; LINE takes 8",
               "LINE needs even width and height")
        anim_line = os.path.join(tmp, "line-anim")
        _line_layout(anim_line, sticker=_anim(320, 270, 4, "PNG", duration=100, loop=0))
        expect("line anim", validate(anim_line, "line"), "4 distinct frames; LINE takes 5 to 20", "plays forever")

        signal = os.path.join(tmp, "signal")
        os.makedirs(signal)
        _write(signal, "0.png", _still(512, 512, "PNG"))
        _write(signal, "1.gif", _anim(512, 512, 3, "GIF"))
        _write(signal, "manifest.json", json.dumps({"stickers": [{"output": "0.png", "emojis": ["😀", "😁"]},
                                                                 {"output": "1.gif", "emojis": ["😀"]}]}))
        expect("signal", validate(signal, "signal"), "0.png: emojis", "1.gif: GIF data; Signal takes PNG, APNG or WebP")
        discord = os.path.join(tmp, "discord")
        os.makedirs(discord)
        _write(discord, "0.png", _still(320, 320, "PNG"))
        expect("discord", validate(discord, "discord", files_only=True))
    if failures:
        print("\n".join(failures))
        return 1
    print("verify-platforms self-test: ok")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="OUT/<platform>, or a .wastickers file")
    parser.add_argument("--platform", choices=PLATFORMS, help="the store (default: the folder's name)")
    parser.add_argument("--files-only", action="store_true", help="judge only the sticker files, no metadata")
    parser.add_argument("--telegram-bot", help="the bot's username the Telegram set name must end with")
    parser.add_argument("--list", action="store_true", help="also print each sticker file's measurements (to stderr)")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.folder:
        parser.error("give OUT/<platform> or --self-test")
    folder = os.path.normpath(args.folder)
    store = args.platform or ("whatsapp" if folder.endswith(".wastickers") else os.path.basename(folder))
    if store not in PLATFORMS:
        parser.error(f"cannot tell the store from {folder!r}; pass --platform")
    if not os.path.exists(folder):
        parser.error(f"{folder} does not exist")
    measured = []
    lines = validate(folder, store, args.files_only, args.telegram_bot, measured)
    if args.list:
        for where, info in measured:
            print(f"{where}: {describe(info)}", file=sys.stderr)
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
