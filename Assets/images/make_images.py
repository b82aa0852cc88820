#!/usr/bin/env python3
"""Draws the small PNG pictures the sample liveblog shows (standard library only: zlib, struct).

Run from anywhere: python3 Assets/images/make_images.py
Writes the pictures next to this script, plus corrupt.png (a PNG signature and a broken
IHDR chunk, to show the broken-image marker). The output is deterministic.
"""
import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png(width, height, pixels):
    """pixels: list of rows, each a list of (r, g, b) tuples."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter: none
        for r, g, b in row:
            raw += bytes((r, g, b, 255))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


class Canvas:
    def __init__(self, w, h, colour):
        self.w, self.h = w, h
        self.px = [[colour] * w for _ in range(h)]

    def set(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][x] = c

    def rect(self, x0, y0, x1, y1, c):
        for y in range(max(0, y0), min(self.h, y1)):
            for x in range(max(0, x0), min(self.w, x1)):
                self.px[y][x] = c

    def circle(self, cx, cy, r, c, ring=False):
        for y in range(int(cy - r) - 1, int(cy + r) + 2):
            for x in range(int(cx - r) - 1, int(cx + r) + 2):
                d = math.hypot(x - cx, y - cy)
                if (ring and r - 1 <= d <= r) or (not ring and d <= r):
                    self.set(x, y, c)

    def line(self, x0, y0, x1, y1, c):
        n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for i in range(n + 1):
            t = i / n
            self.set(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t), c)

    def save(self, name):
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(png(self.w, self.h, self.px))


GRASS = (46, 139, 62)
GRASS2 = (58, 158, 74)
WHITE = (245, 245, 245)
HARBOUR = (20, 90, 200)   # Harbour City blue
NORTHVALE = (200, 30, 40)  # Northvale red
GOLD = (235, 185, 40)
SKY = (120, 180, 235)
NIGHT = (18, 24, 48)


def pitch(w, h):
    c = Canvas(w, h, GRASS)
    for x in range(w):
        if (x * 10 // w) % 2:
            c.rect(x, 0, x + 1, h, GRASS2)
    m = 4
    c.line(m, m, w - m - 1, m, WHITE); c.line(m, h - m - 1, w - m - 1, h - m - 1, WHITE)
    c.line(m, m, m, h - m - 1, WHITE); c.line(w - m - 1, m, w - m - 1, h - m - 1, WHITE)
    c.line(w // 2, m, w // 2, h - m - 1, WHITE)
    c.circle(w / 2, h / 2, h / 6, WHITE, ring=True)
    for side in (m, w - m - 1 - w // 7):
        c.line(side, h // 3, side + w // 7, h // 3, WHITE)
        c.line(side, 2 * h // 3, side + w // 7, 2 * h // 3, WHITE)
        x = side + w // 7 if side == m else side
        c.line(x, h // 3, x, 2 * h // 3, WHITE)
    return c


def ball(c, cx, cy, r):
    c.circle(cx, cy, r, WHITE)
    c.circle(cx, cy, r / 2.5, (30, 30, 30))
    c.circle(cx, cy, r, (60, 60, 60), ring=True)


def crowd(w, h, rnd, colours):
    c = Canvas(w, h, NIGHT)
    for row in range(h // 5):
        y = h - 1 - row * 5
        for x in range(0, w, 4):
            col = rnd.choice(colours)
            c.circle(x + rnd.randint(0, 2), y - 2, 1.6, col)
            c.rect(x, y - 1, x + 3, y + 1, tuple(v // 2 for v in col))
    # floodlights
    for fx in (w // 6, 5 * w // 6):
        c.rect(fx - 4, 2, fx + 5, 6, (255, 250, 200))
        c.line(fx, 6, fx, h // 3, (90, 90, 100))
    return c


def main():
    rnd = random.Random(2024)

    c = pitch(160, 90); ball(c, 52, 60, 5); c.save("pitch.png")

    c = crowd(128, 72, rnd, [HARBOUR, HARBOUR, WHITE, (255, 220, 0)]); c.save("crowd-harbour.png")
    c = crowd(128, 72, rnd, [NORTHVALE, NORTHVALE, WHITE, (20, 20, 20)]); c.save("crowd-northvale.png")

    # Scoreboard: dark panel, two team colour blocks, dot-matrix digits.
    c = Canvas(144, 72, (25, 25, 30))
    c.rect(6, 6, 138, 66, (40, 40, 48))
    c.rect(12, 12, 60, 26, HARBOUR); c.rect(84, 12, 132, 26, NORTHVALE)
    digits = {"0": ["111", "101", "101", "101", "111"], "1": ["010", "110", "010", "010", "111"],
              "2": ["111", "001", "111", "100", "111"], "3": ["111", "001", "111", "001", "111"]}

    def digit(ch, ox, oy):
        for yy, bits in enumerate(digits[ch]):
            for xx, bit in enumerate(bits):
                if bit == "1":
                    c.rect(ox + xx * 5, oy + yy * 5, ox + xx * 5 + 4, oy + yy * 5 + 4, (255, 170, 30))
    digit("3", 24, 32); digit("2", 104, 32)
    c.rect(68, 42, 76, 46, (255, 170, 30))
    c.save("scoreboard.png")

    # Trophy on a gradient.
    c = Canvas(96, 128, (0, 0, 0))
    for y in range(128):
        c.rect(0, y, 96, y + 1, (30 + y // 3, 20 + y // 4, 80 + y // 2))
    c.circle(48, 40, 22, GOLD)
    c.rect(26, 18, 70, 40, GOLD)
    c.circle(24, 34, 9, GOLD, ring=True); c.circle(72, 34, 9, GOLD, ring=True)
    c.rect(44, 60, 52, 88, (200, 150, 30))
    c.rect(32, 88, 64, 100, (120, 80, 40)); c.rect(28, 100, 68, 108, (90, 60, 30))
    for _ in range(40):
        c.set(rnd.randrange(96), rnd.randrange(128), (255, 255, 255))
    c.save("trophy.png")

    # Goal: net, ball in the corner.
    c = Canvas(160, 90, SKY)
    c.rect(0, 70, 160, 90, GRASS)
    c.rect(20, 14, 140, 18, WHITE); c.rect(20, 14, 24, 72, WHITE); c.rect(136, 14, 140, 72, WHITE)
    for x in range(26, 136, 6):
        c.line(x, 19, x, 70, (200, 200, 210))
    for y in range(20, 70, 6):
        c.line(25, y, 135, y, (200, 200, 210))
    ball(c, 124, 28, 7)
    c.save("goal-net.png")

    # Team line-ups: two columns of shirts.
    c = Canvas(120, 120, GRASS)
    for i in range(11):
        for (x0, col) in ((14, HARBOUR), (70, NORTHVALE)):
            x = x0 + (i % 3) * 14
            y = 8 + (i // 3) * 28
            c.rect(x, y, x + 10, y + 12, col); c.rect(x - 3, y, x, y + 5, col); c.rect(x + 10, y, x + 13, y + 5, col)
            c.rect(x + 3, y + 3, x + 7, y + 8, WHITE)
    c.save("lineups.png")

    # Referee's yellow card.
    c = Canvas(96, 96, (60, 70, 80))
    c.rect(0, 70, 96, 96, GRASS)
    c.rect(56, 16, 80, 50, (250, 215, 0))
    c.rect(30, 40, 40, 90, (20, 20, 20)); c.circle(35, 32, 8, (230, 190, 160))
    c.line(40, 48, 58, 40, (20, 20, 20))
    c.save("yellow-card.png")

    # Celebration: confetti over the harbour-blue stand.
    c = crowd(160, 90, rnd, [HARBOUR, WHITE, (255, 220, 0)])
    for _ in range(220):
        c.set(rnd.randrange(160), rnd.randrange(60), rnd.choice([GOLD, WHITE, HARBOUR, (255, 90, 160)]))
    c.save("celebration.png")

    # Stadium at dusk.
    c = Canvas(160, 80, (0, 0, 0))
    for y in range(80):
        t = y / 80
        c.rect(0, y, 160, y + 1, (int(250 - 150 * t), int(140 - 80 * t), int(80 + 60 * t)))
    c.circle(120, 28, 10, (255, 230, 150))
    for x in range(0, 160, 2):
        top = 46 + int(6 * math.sin(x / 14))
        c.rect(x, top, x + 2, 80, (40, 40, 60))
    for x in range(6, 160, 18):
        c.rect(x, 52, x + 8, 56, (255, 240, 180))
    c.save("stadium-dusk.png")

    # A deliberately broken file: a PNG signature followed by garbage where IHDR belongs.
    with open(os.path.join(HERE, "corrupt.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDX" + bytes(range(40)))


if __name__ == "__main__":
    main()
