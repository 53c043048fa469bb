"""The gallery's page as a browser builds it: every screen's rows, read from Chromium's DOM
(`chromium --headless --dump-dom`), must equal its screens/NAME.txt, and every .txt must be on the
page. Usage: check_gallery_dom.py DOM.html SCREENS_DIR. Standard library only."""
import html.parser
import os
import sys


class Screens(html.parser.HTMLParser):
    """Collects each figure's rows: the text of each child div of its div.screen."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.screens = {}
        self.figure = None
        self.depth = 0          # div nesting inside div.screen (1: the screen, 2: a row)
        self.row = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure" and "id" in attrs:
            self.figure = attrs["id"]
            self.screens[self.figure] = []
        elif tag == "div" and self.figure is not None:
            if self.depth == 0 and "screen" in (attrs.get("class") or "").split():
                self.depth = 1
            elif self.depth >= 1:
                self.depth += 1
                if self.depth == 2:
                    self.row = ""

    def handle_endtag(self, tag):
        if tag == "div" and self.depth >= 1:
            if self.depth == 2:
                self.screens[self.figure].append(self.row.rstrip(" "))
                self.row = None
            self.depth -= 1
        elif tag == "figure":
            self.figure = None

    def handle_data(self, data):
        if self.row is not None:
            self.row += data


def main(dom_path, screens_dir):
    parser = Screens()
    with open(dom_path, encoding="utf-8") as dom:
        parser.feed(dom.read())
    texts = sorted(name for name in os.listdir(screens_dir) if name.endswith(".txt"))
    problems = []
    for name in texts:
        figure = name[:-4]
        with open(os.path.join(screens_dir, name), encoding="utf-8") as file:
            expected = file.read()
        shown = parser.screens.get(figure)
        if shown is None:
            problems.append(f"{figure}: not on the page")
        elif "\n".join(shown) + "\n" != expected:
            rows = expected.split("\n")
            row = next((i for i, (a, b) in enumerate(zip(shown, rows)) if a != b), min(len(shown), len(rows)))
            problems.append(f"{figure}: row {row + 1} differs: page {shown[row] if row < len(shown) else None!r}, "
                            f"file {rows[row] if row < len(rows) else None!r}")
    extra = set(parser.screens) - {name[:-4] for name in texts}
    problems += [f"{figure}: on the page, no .txt" for figure in sorted(extra)]
    for problem in problems:
        print(problem)
    print(f"{len(texts)} screens compared with the DOM, {len(problems)} problems")
    return 1 if problems or not texts else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
