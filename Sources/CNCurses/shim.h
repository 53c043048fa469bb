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
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

// ---------------------------------------------------------------------------------------------------
// ncurses is used for the terminal description only (terminfo: setupterm, tigetstr, tparm); the
// Terminal module writes and reads the terminal itself. All names here start with sf_.
// ---------------------------------------------------------------------------------------------------

static inline int sf_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// ---------------------------------------------------------------------------------------------------
// Process-wide signal and crash state.
//
// This state has internal linkage (a static inside a static inline function): every Swift *file*
// that calls the functions below gets its own copy of it in a debug (non-whole-module) build. So
// only ONE Swift file may call sf_state, sf_signal_*, sf_crash_*, sf_restore_*, sf_wake_*, sf_resize_*
// and sf_enter_raw_mode:
// Sources/Terminal/Signals.swift.
// ---------------------------------------------------------------------------------------------------

#define SF_MAX_SIGNAL 65
struct sf_process_state {
    volatile sig_atomic_t pending_signal;
    volatile sig_atomic_t restore_ready;
    volatile sig_atomic_t installed[SF_MAX_SIGNAL];
    struct sigaction previous_action[SF_MAX_SIGNAL];
    struct termios saved_termios;
    char restore_bytes[512];
    size_t restore_length;
    volatile sig_atomic_t capturing_stderr; // stderr goes to capture_fd; the terminal's is saved_stderr
    int saved_stderr;
    int capture_fd;
    volatile sig_atomic_t resize_pending;   // SIGWINCH arrived since the last sf_resize_take
    int wake_read, wake_write;              // self-pipe: handlers write a byte so poll() wakes
    volatile sig_atomic_t chain_crashes;    // hand crashes on to the previous handler (the backtracer)
};

// The state is a function-local static: Swift's Clang code generation does not emit a file-scope
// `static` without an initializer (a C "tentative definition"), which then fails to link; a
// function's own statics are always emitted with the function.
static inline struct sf_process_state *sf_state(void) {
    static struct sf_process_state sf_the_state = { .wake_read = -1, .wake_write = -1 };
    return &sf_the_state;
}

static inline void sf_write_all(int sf_fd, const char *sf_bytes, size_t sf_length) {
    size_t sf_done = 0;
    while (sf_done < sf_length) {
        ssize_t sf_n = write(sf_fd, sf_bytes + sf_done, sf_length - sf_done);
        if (sf_n <= 0) break;
        sf_done += (size_t)sf_n;
    }
}

/// While the screen runs, what is written to a terminal stderr (a Swift `fatalError` message, a
/// library's warning) would land on the alternate screen, garble it, and vanish when the program
/// leaves it. So stderr goes to an unlinked temporary file instead, and is copied to the real stderr
/// when the screen stops or the program crashes. Does nothing when stderr is not a terminal.
static inline void sf_stderr_capture_begin(void) {
    if (sf_state()->capturing_stderr || !isatty(STDERR_FILENO)) return;
    const char *sf_dir = getenv("TMPDIR");
    char sf_path[4096];
    size_t sf_dir_length = (sf_dir != NULL && sf_dir[0] != 0) ? strlen(sf_dir) : 0;
    if (sf_dir_length == 0 || sf_dir_length > 4000) { sf_dir = "/tmp"; sf_dir_length = 4; }
    memcpy(sf_path, sf_dir, sf_dir_length);
    memcpy(sf_path + sf_dir_length, "/storefront-stderr-XXXXXX", 26);
    int sf_file = mkstemp(sf_path);
    if (sf_file < 0) return;
    unlink(sf_path);
    int sf_saved = dup(STDERR_FILENO);
    if (sf_saved < 0) { close(sf_file); return; }
    if (dup2(sf_file, STDERR_FILENO) < 0) { close(sf_file); close(sf_saved); return; }
    sf_state()->saved_stderr = sf_saved;
    sf_state()->capture_fd = sf_file;
    sf_state()->capturing_stderr = 1;
}

/// Gives stderr back and copies what was captured to it. Async-signal-safe (dup2, lseek, read, write).
static inline void sf_stderr_capture_end(void) {
    if (!sf_state()->capturing_stderr) return;
    sf_state()->capturing_stderr = 0;
    int sf_saved = sf_state()->saved_stderr, sf_file = sf_state()->capture_fd;
    (void)dup2(sf_saved, STDERR_FILENO);
    close(sf_saved);
    if (lseek(sf_file, 0, SEEK_SET) == 0) {
        char sf_buffer[4096];
        ssize_t sf_n;
        while ((sf_n = read(sf_file, sf_buffer, sizeof sf_buffer)) > 0) {
            sf_write_all(STDERR_FILENO, sf_buffer, (size_t)sf_n);
        }
    }
    close(sf_file);
}

/// Puts the terminal back without ncurses, using only async-signal-safe calls: writes the
/// capabilities that leave full-screen mode (captured at start), restores the tty modes saved
/// before ncurses changed them, and gives stderr back with what was written to it meanwhile.
static inline void sf_restore_emergency(void) {
    if (sf_state()->restore_ready) {
        sf_state()->restore_ready = 0;
        sf_write_all(STDOUT_FILENO, sf_state()->restore_bytes, sf_state()->restore_length);
        (void)tcsetattr(STDIN_FILENO, TCSANOW, &sf_state()->saved_termios);
    }
    sf_stderr_capture_end();
}

/// Saves the tty modes as they are now (before newterm changes them).
static inline int sf_restore_save_termios(void) {
    return tcgetattr(STDIN_FILENO, &sf_state()->saved_termios);
}

/// Restores the tty modes saved by sf_restore_save_termios (leaving raw mode).
static inline int sf_restore_termios(void) {
    return tcsetattr(STDIN_FILENO, TCSANOW, &sf_state()->saved_termios);
}

/// Raw mode from the saved modes: bytes arrive one by one and unchanged (no echo, no line editing,
/// no Ctrl-C/Ctrl-Z/Ctrl-S signals or flow control), and output goes out unchanged (no NL -> CR NL).
static inline int sf_enter_raw_mode(void) {
    struct termios sf_raw = sf_state()->saved_termios;
    sf_raw.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    sf_raw.c_oflag &= ~(tcflag_t)OPOST;
    sf_raw.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    sf_raw.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    sf_raw.c_cflag |= CS8;
    sf_raw.c_cc[VMIN] = 1;
    sf_raw.c_cc[VTIME] = 0;
    return tcsetattr(STDIN_FILENO, TCSANOW, &sf_raw);
}

/// The bytes that leave full-screen mode, for the emergency restore (the same ones a normal stop
/// writes). Returns 0 when they do not fit.
static inline int sf_restore_set_bytes(const char *sf_bytes, size_t sf_length) {
    if (sf_length > sizeof(sf_state()->restore_bytes)) return 0;
    memcpy(sf_state()->restore_bytes, sf_bytes, sf_length);
    sf_state()->restore_length = sf_length;
    return 1;
}

static inline void sf_restore_arm(int armed) { sf_state()->restore_ready = armed ? 1 : 0; }

static inline void sf_restore_reset(void) {
    sf_state()->restore_ready = 0;
    sf_state()->restore_length = 0;
}

/// Wakes a poll() on sf_wake_fd. Async-signal-safe; a full pipe already means "wake up".
static inline void sf_wake(void) {
    int sf_saved_errno = errno;
    if (sf_state()->wake_write >= 0) { char sf_byte = 1; (void)!write(sf_state()->wake_write, &sf_byte, 1); }
    errno = sf_saved_errno;
}

/// Creates the self-pipe (non-blocking, close-on-exec) once. Returns 0 on failure.
static inline int sf_wake_open(void) {
    if (sf_state()->wake_read >= 0) return 1;
    int sf_fds[2];
    if (pipe(sf_fds) != 0) return 0;
    for (int sf_i = 0; sf_i < 2; sf_i++) {
        fcntl(sf_fds[sf_i], F_SETFL, fcntl(sf_fds[sf_i], F_GETFL) | O_NONBLOCK);
        fcntl(sf_fds[sf_i], F_SETFD, FD_CLOEXEC);
    }
    sf_state()->wake_read = sf_fds[0];
    sf_state()->wake_write = sf_fds[1];
    return 1;
}

static inline int sf_wake_fd(void) { return sf_state()->wake_read; }

/// Empties the self-pipe after poll() reported it readable.
static inline void sf_wake_drain(void) {
    char sf_buffer[64];
    if (sf_state()->wake_read < 0) return;
    while (read(sf_state()->wake_read, sf_buffer, sizeof sf_buffer) > 0) {}
}

/// SIGWINCH: note it and wake the main loop, which asks the terminal for its size.
static inline void sf_signal_winch(int sig) {
    (void)sig;
    sf_state()->resize_pending = 1;
    sf_wake();
}

/// Whether a SIGWINCH arrived since the last call; clears the note.
static inline int sf_resize_take(void) {
    if (!sf_state()->resize_pending) return 0;
    sf_state()->resize_pending = 0;
    return 1;
}

static inline void sf_signal_install_winch(void) {
    if (sf_state()->installed[SIGWINCH]) return;
    struct sigaction sf_new;
    memset(&sf_new, 0, sizeof sf_new);
    sf_new.sa_handler = sf_signal_winch;
    sigemptyset(&sf_new.sa_mask);
    sf_new.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, &sf_new, &sf_state()->previous_action[SIGWINCH]) == 0) sf_state()->installed[SIGWINCH] = 1;
}

/// Handler for SIGINT, SIGTERM, SIGHUP, SIGQUIT: records the signal for the main loop to poll.
/// If a second one arrives before the program has stopped, the program is not listening: restore
/// the terminal and die of the signal.
static inline void sf_signal_record(int sig) {
    if (sf_state()->pending_signal != 0) {
        sf_restore_emergency();
        struct sigaction sf_default;
        memset(&sf_default, 0, sizeof sf_default);
        sf_default.sa_handler = SIG_DFL;
        sigemptyset(&sf_default.sa_mask);
        sigaction(sig, &sf_default, NULL);
        raise(sig);
        return;
    }
    sf_state()->pending_signal = sig;
    sf_wake();
}

/// Whether crashes are handed on to the handler that was there before ours (Swift's backtracer).
/// Off by default: see sf_crash_handler.
static inline void sf_crash_set_chain(int sf_chain) { sf_state()->chain_crashes = sf_chain ? 1 : 0; }

/// Writes "storefront crashed (signal N)" and a hint to stderr. Async-signal-safe.
static inline void sf_crash_note(int sig) {
    char sf_line[160];
    size_t sf_n = 0;
    const char *sf_head = "storefront crashed (signal ";
    for (const char *sf_p = sf_head; *sf_p; sf_p++) sf_line[sf_n++] = *sf_p;
    if (sig >= 10) sf_line[sf_n++] = (char)('0' + (sig / 10) % 10);
    sf_line[sf_n++] = (char)('0' + sig % 10);
    const char *sf_tail = "). For a backtrace run it again with SWIFT_BACKTRACE=enable=yes,interactive=no\n";
    for (const char *sf_p = sf_tail; *sf_p && sf_n < sizeof sf_line; sf_p++) sf_line[sf_n++] = *sf_p;
    sf_write_all(STDERR_FILENO, sf_line, sf_n);
}

/// Handler for crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP): restore the terminal
/// first, then let the process die of the signal.
///
/// Swift's runtime backtracer (installed at process start) is not handed the crash unless the person
/// configured it with SWIFT_BACKTRACE (sf_crash_set_chain): it reads that variable only at start, and
/// by default it is interactive when stdin and stdout are terminals — it would print a long
/// backtrace and wait 30 s for "Press space". By default the process prints one line saying how to
/// get a backtrace and dies of the signal at once (the default action: the parent sees the signal).
static inline void sf_crash_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    sf_restore_emergency();
    int sf_chain = sf_state()->chain_crashes;
    if (!sf_chain) sf_crash_note(sig);
    if (sig > 0 && sig < SF_MAX_SIGNAL) {
        struct sigaction sf_next;
        if (sf_chain) {
            sf_next = sf_state()->previous_action[sig];
            if (!(sf_next.sa_flags & SA_SIGINFO) && sf_next.sa_handler == SIG_IGN) sf_next.sa_handler = SIG_DFL;
        } else {
            memset(&sf_next, 0, sizeof sf_next);
            sf_next.sa_handler = SIG_DFL;
            sigemptyset(&sf_next.sa_mask);
        }
        sigaction(sig, &sf_next, NULL);
    }
    // A fault the kernel raised (si_code > 0) happens again when we return, now with the original
    // context for the next handler. One sent by kill/raise/abort must be raised again.
    int sf_hardware = info != NULL && info->si_code > 0 && sig != SIGTRAP && sig != SIGABRT;
    if (!sf_hardware) raise(sig);
}

/// Installs the recording handler for `sig` unless the signal is ignored (nohup, background jobs).
static inline void sf_signal_install_record(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || sf_state()->installed[sig]) return;
    struct sigaction sf_old;
    if (sigaction(sig, NULL, &sf_old) != 0) return;
    if (!(sf_old.sa_flags & SA_SIGINFO) && sf_old.sa_handler == SIG_IGN) return;
    struct sigaction sf_new;
    memset(&sf_new, 0, sizeof sf_new);
    sf_new.sa_handler = sf_signal_record;
    sigemptyset(&sf_new.sa_mask);
    sf_new.sa_flags = 0; // no SA_RESTART: a blocking read returns EINTR so the main loop wakes
    if (sigaction(sig, &sf_new, &sf_state()->previous_action[sig]) == 0) sf_state()->installed[sig] = 1;
}

static inline void sf_signal_install_crash(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || sf_state()->installed[sig]) return;
    struct sigaction sf_new;
    memset(&sf_new, 0, sizeof sf_new);
    sf_new.sa_sigaction = sf_crash_handler;
    sigemptyset(&sf_new.sa_mask);
    sf_new.sa_flags = SA_SIGINFO | SA_ONSTACK;
    if (sigaction(sig, &sf_new, &sf_state()->previous_action[sig]) == 0) sf_state()->installed[sig] = 1;
}

/// Puts back whatever handler `sig` had before we installed ours.
static inline void sf_signal_uninstall(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || !sf_state()->installed[sig]) return;
    sigaction(sig, &sf_state()->previous_action[sig], NULL);
    sf_state()->installed[sig] = 0;
}

static inline int sf_signal_pending(void) { return (int)sf_state()->pending_signal; }

/// Records `sig` as if it had been delivered (used when the terminal is found hung up).
static inline void sf_signal_note(int sig) { if (sf_state()->pending_signal == 0) sf_state()->pending_signal = sig; }

/// The current disposition of a signal: 0 default, 1 ignored, 2 a handler.
static inline int sf_signal_disposition(int sig) {
    struct sigaction sf_old;
    if (sigaction(sig, NULL, &sf_old) != 0) return 0;
    if (sf_old.sa_flags & SA_SIGINFO) return 2;
    if (sf_old.sa_handler == SIG_DFL) return 0;
    if (sf_old.sa_handler == SIG_IGN) return 1;
    return 2;
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
