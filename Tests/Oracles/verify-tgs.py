#!/usr/bin/env python3
"""Checks .tgs files with two independent readers (issue 42):

  - python-lottie's TgsValidator (`lottie.exporters.tgs_validator`): parses the document with
    python-lottie's schema (a gradient type of 2.5 is refused there) and applies Telegram's rules
    (512x512, 30 or 60 fps, at most 180 frames, at most 64 KiB); its errors fail a file, its
    warnings and notes (gradient strokes, repeaters, text layers...) are printed;
  - rlottie through rlottie-python (the renderer Telegram's apps use): the file must load with
    more than 0 frames at 60 fps and 512x512, and every frame must render (at 128x128, for speed).

    Tests/Oracles/verify-tgs.py FILE_OR_FOLDER...
Ends with `N passed, M failed`; exits 1 on any failure, 2 when a reader is not installed
(pip install lottie rlottie-python).
"""
import os
import sys

try:
    from lottie.exporters.tgs_validator import TgsValidator, Severity
    from rlottie_python import LottieAnimation
except ImportError as error:
    print("missing reader: %s (pip install lottie rlottie-python)" % error)
    sys.exit(2)


def files(arguments):
    for argument in arguments:
        if os.path.isdir(argument):
            for root, _, names in os.walk(argument):
                for name in sorted(names):
                    if name.endswith(".tgs"):
                        yield os.path.join(root, name)
        else:
            yield argument


def problems(path):
    found = []
    validator = TgsValidator(Severity.Note)
    try:
        validator.check_file(path)
    except Exception as error:  # python-lottie raises on values its schema refuses
        found.append("python-lottie cannot read it: %r" % error)
    for error in validator.errors:
        if error.severity == Severity.Error:
            found.append("TgsValidator: %s" % error)
        else:
            print("  %s: %s" % (os.path.basename(path), error))
    try:
        animation = LottieAnimation.from_tgs(path)
    except Exception as error:
        return found + ["rlottie cannot load it: %r" % error]
    frames = animation.lottie_animation_get_totalframe()
    rate = animation.lottie_animation_get_framerate()
    size = animation.lottie_animation_get_size()
    if frames <= 0:
        found.append("rlottie loads 0 frames")
    if rate != 60 or tuple(size) != (512, 512):
        found.append("rlottie reads %s fps, %sx%s" % (rate, size[0], size[1]))
    for frame in range(max(frames, 0)):
        if len(animation.lottie_animation_render(frame_num=frame, width=128, height=128)) != 128 * 128 * 4:
            found.append("rlottie did not render frame %d" % frame)
            break
    return found


def main():
    passed = failed = 0
    for path in files(sys.argv[1:]):
        found = problems(path)
        if found:
            failed += 1
            print("FAIL %s: %s" % (path, "; ".join(found)))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
