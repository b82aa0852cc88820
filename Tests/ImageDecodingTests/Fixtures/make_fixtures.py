#!/usr/bin/env python3
"""Writes the image fixtures of ImageDecodingTests (R2, R7) with Pillow: `pip install pillow`,
then `python3 make_fixtures.py` in this directory. Every image is 16x16 in four 8x8 quadrants:
top-left red, top-right green, bottom-left blue, bottom-right white (in PNG and WebP at alpha
128, in GIF transparent). The tests check those pixels, JPEG within a tolerance."""
from PIL import Image

QUADRANTS = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 128)]


def quadrants(alpha=True):
    img = Image.new("RGBA", (16, 16))
    for i, colour in enumerate(QUADRANTS):
        x0, y0 = (i % 2) * 8, (i // 2) * 8
        c = colour if alpha else colour[:3] + (255,)
        for y in range(y0, y0 + 8):
            for x in range(x0, x0 + 8):
                img.putpixel((x, y), c)
    return img


def main():
    quadrants().save("quadrants.png")
    quadrants(alpha=False).convert("RGB").save("quadrants.jpg", quality=95, subsampling=0)
    # CMYK as Photoshop writes it (Adobe marker, inverted values), as some CMSs publish photos:
    # red, green, blue, and black ink alone at 75% (K 191: RGB 64, 64, 64) bottom right.
    cmyk = Image.new("CMYK", (16, 16))
    inks = [(0, 255, 255, 0), (255, 0, 255, 0), (255, 255, 0, 0), (0, 0, 0, 191)]
    for i, ink in enumerate(inks):
        x0, y0 = (i % 2) * 8, (i // 2) * 8
        for y in range(y0, y0 + 8):
            for x in range(x0, x0 + 8):
                cmyk.putpixel((x, y), ink)
    cmyk.save("quadrants-cmyk.jpg", quality=95)
    quadrants().save("quadrants.webp", lossless=True)
    quadrants(alpha=False).convert("RGB").save("quadrants-lossy.webp", quality=95)
    # GIF: palette 0 red, 1 green, 2 blue, 3 transparent; interlaced to test de-interlacing.
    gif = Image.new("P", (16, 16))
    gif.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255] + [0] * (256 - 4) * 3)
    for i in range(4):
        x0, y0 = (i % 2) * 8, (i // 2) * 8
        for y in range(y0, y0 + 8):
            for x in range(x0, x0 + 8):
                gif.putpixel((x, y), i)
    gif.save("quadrants.gif", transparency=3, interlace=True)
    # An animation whose second frame is all blue: only the first frame is decoded.
    second = Image.new("P", (16, 16), 2)
    second.putpalette(gif.getpalette())
    gif.save("animated.gif", save_all=True, append_images=[second], duration=100, loop=0,
             transparency=3, disposal=1)


if __name__ == "__main__":
    main()
