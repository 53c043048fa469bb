#ifndef STOREFRONT_CNCURSES_SHIM_H
#define STOREFRONT_CNCURSES_SHIM_H
// Wide-character ncurses: these must come before the include or add_wch and friends do not import.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#endif
