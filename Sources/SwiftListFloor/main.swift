// swift-list-floor: the Swift floor storefront-bench measures storefront's first frame against (issue 33).
// The least a Swift program with Foundation does to show what storefront's first frame shows: a header,
// the sample's products (names and USA prices, prices formatted by Foundation's currency format) and a
// footer, drawn with ncursesw; j/k move the selection, q quits. Built like storefront (release,
// --static-swift-stdlib), so the difference between the two is storefront's own start-up: argument
// parsing, reading and checking the catalog, the model, the first view. Arguments are ignored (the
// benchmark passes storefront's).
import CNCurses
import Foundation

/// The sample catalog's products as its store lists them (SampleCatalog.json, English names, USA prices).
let products: [(name: String, price: Decimal, per: String)] = [
    ("Trail Boost", 0.99, ""), ("Boost 5-Pack", 3.99, ""), ("Print Credit", 1.99, ""),
    ("Alps Map Pack", 4.99, ""), ("Rockies Map Pack", 4.99, ""), ("Offline Routes", 9.99, ""),
    ("Family Monthly", 9.99, "/month"), ("Family Annual", 79.99, "/year"), ("Pro Monthly", 4.99, "/month"),
    ("Pro 6 Months", 24.99, "/6 months"), ("Pro Annual", 39.99, "/year"), ("Basic Monthly", 1.99, "/month"),
    ("Basic Annual", 19.99, "/year"), ("Summer Pass", 9.99, ""),
]

setlocale(LC_ALL, "")
let currency = Decimal.FormatStyle.Currency(code: "USD", locale: Locale(identifier: "en_US"))
let prices = products.map { $0.price.formatted(currency) + $0.per }

initscr()
cbreak()
noecho()
keypad(stdscr, true)
curs_set(0)
if has_colors() {
    start_color()
    use_default_colors()
    init_pair(1, Int16(COLOR_WHITE), Int16(COLOR_BLUE))
}

func drawRow(_ index: Int, selected: Bool) {
    let y = Int32(2 + index)
    guard y < LINES - 1 else { return }
    attrset(selected ? Int32(truncatingIfNeeded: COLOR_PAIR(1)) : 0)
    mvhline(y, 0, chtype(UInt8(ascii: " ")), COLS)
    mvaddstr(y, 2, products[index].name)
    mvaddstr(y, max(2, COLS - 2 - Int32(prices[index].count)), prices[index])
}

attrset(Int32(truncatingIfNeeded: COLOR_PAIR(1)))
mvhline(0, 0, chtype(UInt8(ascii: " ")), COLS)
mvaddstr(0, 1, "Trailhead  Store")
attrset(0)
var selected = 0
for index in products.indices { drawRow(index, selected: index == selected) }
mvaddstr(LINES - 1, 1, "↑↓ move  ⏎ open  b buy  q quit")
refresh()
while true {
    let key = getch()
    if key == Int32(UInt8(ascii: "q")) || key == ERR { break }
    var next = selected
    if key == Int32(UInt8(ascii: "j")) || key == KEY_DOWN { next = min(selected + 1, products.count - 1) }
    if key == Int32(UInt8(ascii: "k")) || key == KEY_UP { next = max(selected - 1, 0) }
    guard next != selected else { continue }
    drawRow(selected, selected: false)
    drawRow(next, selected: true)
    selected = next
    refresh()
}
endwin()
