#ifndef STOREFRONT_CNCURSES_SHIM_H
#define STOREFRONT_CNCURSES_SHIM_H
// Wide-character ncurses headers (wcwidth and the wide declarations need these before the include).
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <langinfo.h>
#include <poll.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

// ---------------------------------------------------------------------------------------------------
// ncurses is used for the terminal description only (terminfo: setupterm, tigetstr, tparm); the
// Terminal module writes and reads the terminal itself. All names here start with sf_.
//
// Nothing here may hold state (no `static` variable, in or out of a function): every Swift module, and
// in a debug build every Swift file, that calls a `static inline` function gets its own copy of it.
// Process-wide state lives in the CTerminalState target's one .c file.
// ---------------------------------------------------------------------------------------------------

static inline int sf_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// term.h comes last: it defines hundreds of lower-case macros (lines, columns, tab, bell, ...) that
// would break any C code after it. Everything below uses only sf_ names.
#include <ncursesw/term.h>

/// Looks up a terminal type without touching the terminal. Returns 1 when it is usable full screen,
/// 0 when terminfo does not know it (or it is generic/hard-copy), -1 when there is no terminfo
/// database, -2 when it lacks cursor addressing (cup), like TERM=dumb.
static inline int sf_check_terminal_type(const char *sf_type, int sf_fd) {
    int sf_error = 0;
    if (setupterm(sf_type, sf_fd, &sf_error) != OK) {
        return sf_error == -1 ? -1 : 0;
    }
    char *sf_cup = tigetstr("cup");
    int sf_result = (sf_cup == NULL || sf_cup == (char *)-1) ? -2 : 1;
    TERMINAL *sf_term = cur_term;
    if (sf_term != NULL) {
        set_curterm(NULL);
        del_curterm(sf_term);
    }
    return sf_result;
}

/// Loads the terminfo entry for `sf_type` as the current terminal (no output, no mode changes).
/// Returns 1 on success.
static inline int sf_terminfo_load(const char *sf_type, int sf_fd) {
    int sf_error = 0;
    return setupterm(sf_type, sf_fd, &sf_error) == OK ? 1 : 0;
}

static inline void sf_terminfo_unload(void) {
    TERMINAL *sf_term = cur_term;
    if (sf_term != NULL) {
        set_curterm(NULL);
        del_curterm(sf_term);
    }
}

/// A string capability of the current terminal, or NULL when it has none.
static inline const char *sf_terminfo_string(const char *sf_name) {
    char *sf_value = tigetstr(sf_name);
    return (sf_value == NULL || sf_value == (char *)-1) ? NULL : sf_value;
}

/// A numeric capability, or -1.
static inline int sf_terminfo_number(const char *sf_name) {
    int sf_value = tigetnum(sf_name);
    return sf_value < 0 ? -1 : sf_value;
}

/// A boolean capability (1 or 0).
static inline int sf_terminfo_flag(const char *sf_name) { return tigetflag(sf_name) > 0 ? 1 : 0; }

/// A parameterized capability with up to two parameters (tparm is variadic, which Swift cannot call).
static inline const char *sf_terminfo_format(const char *sf_capability, long sf_a, long sf_b) {
    return tparm((char *)sf_capability, sf_a, sf_b, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
}

/// The terminal's size from the kernel (0 when unknown).
static inline int sf_window_size(int sf_fd, int *sf_rows, int *sf_columns) {
    struct winsize sf_size;
    memset(&sf_size, 0, sizeof sf_size);
    if (ioctl(sf_fd, TIOCGWINSZ, &sf_size) != 0) { *sf_rows = 0; *sf_columns = 0; return 0; }
    *sf_rows = sf_size.ws_row;
    *sf_columns = sf_size.ws_col;
    return 1;
}

#endif
