#!/usr/bin/env python3
"""A gallery's screenshot shows the theme's colours (issue 31, "Done when").

Usage: check_gallery_pixels.py SCREENSHOT.png INDEX.html WIDTH HEIGHT

Checks, with Python's standard library only (the PNG is decoded here: zlib and the five row filters):
- the screenshot is WIDTH x HEIGHT pixels, as the browser window was asked to be;
- the pixel in the page's top-left margin is the page background the gallery's CSS names (`body{background}`);
- the screens are drawn in the first theme's colours: its base background (`.t0 .r0`) is the most common
  colour after the page's, and a background only a role has (a selected row's: no text is drawn in it)
  covers 1,000 pixels or more — a gallery drawn without its role styles, or in other colours, fails;
- no pixel of the screens' area is a colour the page has no rule for, beyond anti-aliased text: at least
  90% of the pixels are the page's or the theme's colours.
"""
import re
import struct
import sys
import zlib
from collections import Counter


def decode_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        sys.exit(f"{path}: PNG kind not handled (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    pixels = [[tuple(row[x * channels:x * channels + 3]) for x in range(width)] for row in rows]
    return width, height, pixels


def colour(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def main():
    png, index, want_width, want_height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    css = open(index, encoding="utf-8").read()
    page = colour(re.search(r"body\{[^}]*background:(#[0-9a-f]{6})", css).group(1))
    base = colour(re.search(r"\.t0 \.r0\{[^}]*background:(#[0-9a-f]{6})", css).group(1))
    theme = {colour(c) for c in re.findall(r"\.t0 \.r\d+\{[^}]*background:(#[0-9a-f]{6})", css)}
    foregrounds = {colour(c) for c in re.findall(r"\.t0 \.r\d+\{color:(#[0-9a-f]{6})", css)}
    width, height, pixels = decode_png(png)
    problems = []
    if (width, height) != (want_width, want_height):
        problems.append(f"screenshot is {width}x{height}, the window was {want_width}x{want_height}")
    if pixels[4][4] != page:
        problems.append(f"the page's margin is {pixels[4][4]}, the gallery's CSS says {page}")
    counts = Counter(p for row in pixels for p in row)
    ranked = [c for c, _ in counts.most_common() if c != page]
    if not ranked or ranked[0] != base:
        problems.append(f"the most common colour after the page's is {ranked[:1]}, the theme's background is {base}")
    accents = theme - foregrounds - {base}
    covered = [c for c in accents if counts[c] >= 1000]
    if not covered:
        problems.append(f"none of the theme's role backgrounds {sorted(accents)} covers 1,000 pixels")
    known = sum(counts[c] for c in theme | foregrounds | {page})
    share = known / (width * height)
    if share < 0.9:
        problems.append(f"only {share:.0%} of the pixels are the page's or the theme's colours")
    for problem in problems:
        print(f"gallery screenshot: {problem}")
    if problems:
        sys.exit(1)
    print(f"gallery screenshot: {width}x{height}, page {page}, theme background {base} most common, "
          f"role background {covered[0]} drawn, {share:.0%} of pixels in the theme's colours")


main()
