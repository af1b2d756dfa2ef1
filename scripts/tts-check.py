#!/usr/bin/env python3
"""A second, independent reader of runforge's Tabletop Simulator export.

Usage: tts-check.py FILE.json...

Checks each saved-object file with nothing but the standard library: the
fields TTS needs on the file and on every object (Name, a full Transform,
a GUID of 6 hex digits unique in the file), decks (sheets of at most
10 x 7, DeckIDs matching the cards, each CardID its deck key x 100 + a
slot of the key's sheet), the images of tiles, tokens, dice and figurines,
and that every file:/// image exists as a PNG whose size is a whole grid of
the cells the JSON declares. Exits 1 on the first file with a problem.
"""
import json
import os
import re
import struct
import sys
import urllib.parse

TOP = ["SaveName", "GameMode", "Date", "Table", "Sky", "Note", "LuaScript",
       "LuaScriptState", "XmlUI", "ObjectStates", "TabStates", "VersionNumber"]
TRANSFORM = ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"]
SHEET = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
         "BackIsHidden": bool, "UniqueBack": bool, "Type": int}
GUID = re.compile(r"^[0-9a-f]{6}$")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def check_image(url, cols, rows, problems):
    u = urllib.parse.urlparse(url)
    if u.scheme != "file":
        return  # hosted elsewhere (--tts-url): nothing to open here
    path = urllib.parse.unquote(u.path)
    if not os.path.isfile(path):
        problems.append(f"missing image {path}")
        return
    w, h = png_size(path)
    if w > 8192 or h > 8192 or w % cols or h % rows:
        problems.append(f"{path}: {w}x{h} px is not a grid of {cols}x{rows} cells within 8192 px")


def check_object(o, guids, problems, where):
    for k, t in [("Name", str), ("Nickname", str), ("Description", str), ("GUID", str), ("Transform", dict)]:
        if not isinstance(o.get(k), t):
            problems.append(f"{where}: {k} missing or not a {t.__name__}")
            return
    name = f"{where} {o['Name']} {o['Nickname']!r}"
    if not GUID.match(o["GUID"]) or o["GUID"] in guids:
        problems.append(f"{name}: GUID {o['GUID']!r} not 6 hex digits unique in the file")
    guids.add(o["GUID"])
    for k in TRANSFORM:
        if not isinstance(o["Transform"].get(k), (int, float)):
            problems.append(f"{name}: Transform.{k} missing")
    sheets = o.get("CustomDeck") or {}
    for key, s in sheets.items():
        for k, t in SHEET.items():
            if not isinstance(s.get(k), t):
                problems.append(f"{name}: CustomDeck[{key}].{k} missing or not a {t.__name__}")
                return
        if not (1 <= s["NumWidth"] <= 10 and 1 <= s["NumHeight"] <= 7):
            problems.append(f"{name}: sheet {key} is {s['NumWidth']}x{s['NumHeight']}")
        check_image(s["FaceURL"], s["NumWidth"], s["NumHeight"], problems)
        if s["UniqueBack"]:
            check_image(s["BackURL"], s["NumWidth"], s["NumHeight"], problems)
        else:
            check_image(s["BackURL"], 1, 1, problems)
    if o["Name"] in ("Card", "CardCustom"):
        cid = o.get("CardID")
        key = str(cid // 100) if isinstance(cid, int) else None
        if key not in sheets or cid % 100 >= sheets[key]["NumWidth"] * sheets[key]["NumHeight"] or cid % 100 >= 69:
            problems.append(f"{name}: CardID {cid} is not a slot of its deck key's sheet")
    if o["Name"] == "DeckCustom":
        ids = [c.get("CardID") for c in o.get("ContainedObjects", [])]
        if ids != o.get("DeckIDs") or not ids:
            problems.append(f"{name}: DeckIDs do not list its cards")
        if o["Transform"]["rotZ"] != 180:
            problems.append(f"{name}: not face down")
    if o["Name"] in ("Custom_Tile", "Custom_Token", "Custom_Dice", "Figurine_Custom"):
        im = o.get("CustomImage")
        if not isinstance(im, dict) or not im.get("ImageURL"):
            problems.append(f"{name}: no CustomImage.ImageURL")
            return
        grid = (4, 3) if o["Name"] == "Custom_Dice" else (1, 1)
        check_image(im["ImageURL"], *grid, problems)
        if im.get("ImageSecondaryURL"):
            check_image(im["ImageSecondaryURL"], 1, 1, problems)
        if o["Name"] == "Custom_Dice" and (im.get("CustomDice", {}).get("Type") != 1 or len(o.get("RotationValues", [])) != 6):
            problems.append(f"{name}: not a custom d6 with 6 rotation values")
    for i, c in enumerate(o.get("ContainedObjects", [])):
        check_object(c, guids, problems, f"{where}.{i}")


def main(paths):
    status = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            save = json.load(f)
        problems = [f"missing top-level field {k}" for k in TOP if k not in save]
        guids = set()
        objs = save.get("ObjectStates") or []
        if not objs:
            problems.append("no ObjectStates")
        for i, o in enumerate(objs):
            check_object(o, guids, problems, str(i))
        if problems:
            status = 1
            print(f"{path}:")
            for p in problems[:20]:
                print("  " + p)
        else:
            print(f"ok {path} ({len(guids)} objects)")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
