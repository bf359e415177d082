"""The figure of FINDINGS.md as SVG: for each chosen URL, one circle per row, lettered by what the row read.

Rows that read a URL alike share a letter and a colour; the reading of the first row (the reference) is A, a
refusal is grey. Under each URL its readings are spelled out. The output depends on nothing but its input,
so a rerun on the same results writes the same bytes.
"""
from xml.sax.saxutils import escape

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"]
REFUSED, BROKE = "#a0a0a0", "#333333"
LEFT, COLUMN, HEADER, ROW, LINE = 380, 46, 175, 34, 16
FONT = "font-family=\"Menlo, Consolas, 'DejaVu Sans Mono', monospace\""


def shorten(text, width):
    return text if len(text) <= width else text[:width - 1] + "…"


def colour(value, index):
    if value == "refused":
        return REFUSED
    if value == "broke":
        return BROKE
    return PALETTE[index % len(PALETTE)]


def render(columns, figure_rows):
    """The SVG text.

    - Parameters:
      - columns: [(row key, short name)] in column order.
      - figure_rows: [(input text, [(letter, reading value, label, [row keys])])], one per chosen URL.
    """
    height = HEADER + sum(ROW + LINE * len(groups) + 10 for _, groups in figure_rows) + 10
    width = LEFT + COLUMN * len(columns) + 90
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">\n' % (width, height, width, height),
           '<rect width="100%" height="100%" fill="#ffffff"/>\n',
           '<text x="10" y="24" font-family="sans-serif" font-size="16" font-weight="bold">The URLs that split the '
           'implementations most</text>\n',
           '<text x="10" y="44" font-family="sans-serif" font-size="12" fill="#555555">Same letter and colour: read '
           'alike. A is the reference\'s reading; grey is a refusal. Written by tools/reports.py from the results.'
           '</text>\n']
    for index, (_, name) in enumerate(columns):
        x = LEFT + COLUMN * index + COLUMN // 2
        out.append('<text x="%d" y="%d" font-family="sans-serif" font-size="12" transform="rotate(-45 %d %d)">%s</text>\n'
                   % (x, HEADER - 8, x, HEADER - 8, escape(name)))
    y = HEADER
    for index, (text, groups) in enumerate(figure_rows):
        if index % 2 == 0:
            out.append('<rect x="0" y="%d" width="%d" height="%d" fill="#f4f4f4"/>\n' % (y, width, ROW + LINE * len(groups) + 10))
        out.append('<text x="10" y="%d" %s font-size="12">%s</text>\n' % (y + 21, FONT, escape(shorten(text, 48))))
        letter_of = {}
        for position, (letter, value, _, keys) in enumerate(groups):
            for key in keys:
                letter_of[key] = (letter, colour(value, position))
        for column, (key, _) in enumerate(columns):
            x = LEFT + COLUMN * column + COLUMN // 2
            if key not in letter_of:
                out.append('<text x="%d" y="%d" font-family="sans-serif" font-size="12" fill="#999999" '
                           'text-anchor="middle">–</text>\n' % (x, y + 21))
                continue
            letter, fill = letter_of[key]
            out.append('<circle cx="%d" cy="%d" r="13" fill="%s"/>\n' % (x, y + 17, fill))
            out.append('<text x="%d" y="%d" font-family="sans-serif" font-size="12" font-weight="bold" fill="#ffffff" '
                       'text-anchor="middle">%s</text>\n' % (x, y + 21, letter))
        for line, (letter, value, label, _) in enumerate(groups):
            base = y + ROW + LINE * line + 6
            out.append('<circle cx="16" cy="%d" r="5" fill="%s"/>\n' % (base - 4, colour(value, line)))
            out.append('<text x="26" y="%d" %s font-size="11" fill="#222222">%s: %s</text>\n' % (
                base, FONT, letter, escape(shorten(label, 120))))
        y += ROW + LINE * len(groups) + 10
    out.append("</svg>\n")
    return "".join(out)
