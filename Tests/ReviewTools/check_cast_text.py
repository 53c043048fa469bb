"""A cast played by asciinema (`asciinema cat FILE`, the PyPI package) shows the screens' text in
order: each argument after the first must appear in the played output, after the one before it
(colour changes stripped; a row is written whole, so its text is unbroken).
Usage: check_cast_text.py PLAYED.txt TEXT..."""
import re
import sys


def main(played_path, texts):
    with open(played_path, encoding="utf-8") as played:
        output = re.sub(r"\x1b\[[0-9;]*m", "", played.read())
    position = 0
    for text in texts:
        found = output.find(text, position)
        if found < 0:
            print(f"not found after position {position}: {text!r}")
            return 1
        position = found + len(text)
    print(f"{len(texts)} texts found in order in {len(output)} characters of played output")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
