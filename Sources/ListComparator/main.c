// list-comparator: the bare C baseline for storefront-bench. A plain ncursesw program that draws what
// storefront's store screen is made of (a header, about 20 list rows, a footer) and moves a selection
// with j/k, so the benchmark can put storefront's first frame, bytes per key and memory beside it.
// q quits. Arguments are ignored (the benchmark passes storefront's).
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static const char *names[] = {
    "Trail Boost", "Summit Pack", "Map Bundle", "Trail Pro Monthly", "Trail Pro Yearly", "Family Plan",
    "Offline Maps", "Weather Plus", "Route Planner", "Elevation Pack", "Night Mode", "Coins x100",
    "Coins x500", "Coins x1000", "Badge Set", "Photo Filters", "Guide Book", "Tip Jar", "Remove Ads",
    "Lifetime Pass",
};
enum { ROWS = sizeof names / sizeof names[0] };

static void draw_row(int index, int selected) {
    int y = 2 + index;
    if (y >= LINES - 1) return;
    attrset(selected ? (COLOR_PAIR(1) | A_BOLD) : A_NORMAL);
    mvhline(y, 0, ' ', COLS);
    mvprintw(y, 2, "%-24s %-14s", names[index], index % 3 == 0 ? "Consumable" : "Subscription");
    if (COLS > 10) mvprintw(y, COLS - 10, "%8s", index % 4 == 0 ? "$0.99" : "$4.99/mo");
}

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(1, COLOR_WHITE, COLOR_BLUE);
        init_pair(2, COLOR_WHITE, COLOR_BLUE);
    }
    attrset(COLOR_PAIR(2) | A_BOLD);
    mvhline(0, 0, ' ', COLS);
    mvprintw(0, 1, "Storefront  USA  2026-11-21");
    attrset(A_NORMAL);
    int selected = 0;
    for (int i = 0; i < ROWS; i++) draw_row(i, i == selected);
    attrset(A_DIM);
    mvprintw(LINES - 1, 1, "j/k move  enter buy  q quit");
    attrset(A_NORMAL);
    refresh();
    for (;;) {
        int key = getch();
        if (key == 'q' || key == ERR) break;
        int next = selected;
        if ((key == 'j' || key == KEY_DOWN) && selected + 1 < ROWS) next = selected + 1;
        if ((key == 'k' || key == KEY_UP) && selected > 0) next = selected - 1;
        if (next == selected) continue;
        draw_row(selected, 0);
        draw_row(next, 1);
        selected = next;
        refresh();
    }
    endwin();
    return 0;
}
