// The one translation unit that owns the terminal edge's process-wide state: see terminal_state.h.
#define _GNU_SOURCE 1
#include "terminal_state.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

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
    volatile sig_atomic_t suspend_pending;  // SIGTSTP arrived: the main loop restores, then stops
    volatile sig_atomic_t continue_pending; // SIGCONT arrived: the main loop takes the terminal back
};

// The one copy of the state, in this one translation unit: signal handlers and the main loop read
// and write the same variable in every build (debug, release, --static-swift-stdlib).
static struct sf_process_state sf_the_process_state = { .wake_read = -1, .wake_write = -1 };

static struct sf_process_state *sf_state(void) { return &sf_the_process_state; }

static void sf_write_all(int sf_fd, const char *sf_bytes, size_t sf_length) {
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
void sf_stderr_capture_begin(void) {
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
void sf_stderr_capture_end(void) {
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
void sf_restore_emergency(void) {
    if (sf_state()->restore_ready) {
        sf_state()->restore_ready = 0;
        sf_write_all(STDOUT_FILENO, sf_state()->restore_bytes, sf_state()->restore_length);
        (void)tcsetattr(STDIN_FILENO, TCSANOW, &sf_state()->saved_termios);
    }
    sf_stderr_capture_end();
}

/// Saves the tty modes as they are now (before newterm changes them).
int sf_restore_save_termios(void) {
    return tcgetattr(STDIN_FILENO, &sf_state()->saved_termios);
}

/// Restores the tty modes saved by sf_restore_save_termios (leaving raw mode).
int sf_restore_termios(void) {
    return tcsetattr(STDIN_FILENO, TCSANOW, &sf_state()->saved_termios);
}

/// Raw mode from the saved modes: bytes arrive one by one and unchanged (no echo, no line editing,
/// no Ctrl-C/Ctrl-Z/Ctrl-S signals or flow control), and output goes out unchanged (no NL -> CR NL).
int sf_enter_raw_mode(void) {
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
int sf_restore_set_bytes(const char *sf_bytes, size_t sf_length) {
    if (sf_length > sizeof(sf_state()->restore_bytes)) return 0;
    memcpy(sf_state()->restore_bytes, sf_bytes, sf_length);
    sf_state()->restore_length = sf_length;
    return 1;
}

void sf_restore_arm(int armed) { sf_state()->restore_ready = armed ? 1 : 0; }

void sf_restore_reset(void) {
    sf_state()->restore_ready = 0;
    sf_state()->restore_length = 0;
}

/// Wakes a poll() on sf_wake_fd. Async-signal-safe; a full pipe already means "wake up".
static void sf_wake(void) {
    int sf_saved_errno = errno;
    if (sf_state()->wake_write >= 0) { char sf_byte = 1; (void)!write(sf_state()->wake_write, &sf_byte, 1); }
    errno = sf_saved_errno;
}

/// Creates the self-pipe (non-blocking, close-on-exec) once. Returns 0 on failure.
int sf_wake_open(void) {
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

int sf_wake_fd(void) { return sf_state()->wake_read; }

/// Empties the self-pipe after poll() reported it readable.
void sf_wake_drain(void) {
    char sf_buffer[64];
    if (sf_state()->wake_read < 0) return;
    while (read(sf_state()->wake_read, sf_buffer, sizeof sf_buffer) > 0) {}
}

/// SIGWINCH: note it and wake the main loop, which asks the terminal for its size.
static void sf_signal_winch(int sig) {
    (void)sig;
    sf_state()->resize_pending = 1;
    sf_wake();
}

/// Whether a SIGWINCH arrived since the last call; clears the note.
int sf_resize_take(void) {
    if (!sf_state()->resize_pending) return 0;
    sf_state()->resize_pending = 0;
    return 1;
}

/// Installs `sf_handler` for `sig` once, keeping the previous action for sf_signal_uninstall.
static void sf_signal_install_handler(int sig, void (*sf_handler)(int), int sf_flags) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || sf_state()->installed[sig]) return;
    struct sigaction sf_new;
    memset(&sf_new, 0, sizeof sf_new);
    sf_new.sa_handler = sf_handler;
    sigemptyset(&sf_new.sa_mask);
    sf_new.sa_flags = sf_flags;
    if (sigaction(sig, &sf_new, &sf_state()->previous_action[sig]) == 0) sf_state()->installed[sig] = 1;
}

void sf_signal_install_winch(void) { sf_signal_install_handler(SIGWINCH, sf_signal_winch, SA_RESTART); }

/// Handler for the signals that ask the program to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT, and every
/// other whose default action ends the process: ProcessSignals.recorded): records the signal for the
/// main loop to poll.
/// If a second one arrives before the program has stopped, the program is not listening: restore
/// the terminal and die of the signal.
static void sf_signal_record(int sig) {
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

/// SIGTSTP (`kill -TSTP`, a job-control stop from outside) and SIGCONT: note them and wake the main
/// loop, which leaves full-screen mode before the process stops and takes the terminal back (raw
/// mode, the alternate screen, a full repaint) when it continues.
static void sf_signal_job_control(int sig) {
    if (sig == SIGTSTP) sf_state()->suspend_pending = 1;
    else sf_state()->continue_pending = 1;
    sf_wake();
}

/// Installs the SIGTSTP and SIGCONT handlers, unless SIGTSTP is ignored (a shell without job control).
void sf_signal_install_job_control(void) {
    if (sf_signal_disposition(SIGTSTP) == 1) return;
    sf_signal_install_handler(SIGTSTP, sf_signal_job_control, SA_RESTART);
    sf_signal_install_handler(SIGCONT, sf_signal_job_control, SA_RESTART);
}

/// Whether a SIGTSTP arrived since the last call; clears the note.
int sf_suspend_take(void) {
    if (!sf_state()->suspend_pending) return 0;
    sf_state()->suspend_pending = 0;
    return 1;
}

/// Whether a SIGCONT arrived since the last call; clears the note.
int sf_continue_take(void) {
    if (!sf_state()->continue_pending) return 0;
    sf_state()->continue_pending = 0;
    return 1;
}

/// Stops the process as a shell's Ctrl-Z does (the default action of SIGTSTP, so the shell reports the
/// job stopped), and returns once it is continued, with our handler back in place. The caller has
/// already left full-screen mode. Does nothing when SIGTSTP is ignored.
void sf_suspend_self(void) {
    struct sigaction sf_ours, sf_default;
    if (sigaction(SIGTSTP, NULL, &sf_ours) != 0) return;
    if (!(sf_ours.sa_flags & SA_SIGINFO) && sf_ours.sa_handler == SIG_IGN) return;
    memset(&sf_default, 0, sizeof sf_default);
    sf_default.sa_handler = SIG_DFL;
    sigemptyset(&sf_default.sa_mask);
    sigaction(SIGTSTP, &sf_default, NULL);
    sigset_t sf_unblock;
    sigemptyset(&sf_unblock);
    sigaddset(&sf_unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &sf_unblock, NULL);
    raise(SIGTSTP);
    // Continued.
    sigaction(SIGTSTP, &sf_ours, NULL);
    sf_state()->suspend_pending = 0;
}

/// Whether crashes are handed on to the handler that was there before ours (Swift's backtracer).
/// Off by default: see sf_crash_handler.
void sf_crash_set_chain(int sf_chain) { sf_state()->chain_crashes = sf_chain ? 1 : 0; }

/// Writes "storefront crashed (signal N)" and a hint to stderr. Async-signal-safe.
static void sf_crash_note(int sig) {
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
static void sf_crash_handler(int sig, siginfo_t *info, void *context) {
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
void sf_signal_install_record(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || sf_signal_disposition(sig) == 1) return;
    // No SA_RESTART: a blocking read returns EINTR so the main loop wakes.
    sf_signal_install_handler(sig, sf_signal_record, 0);
}

void sf_signal_install_crash(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || sf_state()->installed[sig]) return;
    struct sigaction sf_new;
    memset(&sf_new, 0, sizeof sf_new);
    sf_new.sa_sigaction = sf_crash_handler;
    sigemptyset(&sf_new.sa_mask);
    sf_new.sa_flags = SA_SIGINFO | SA_ONSTACK;
    if (sigaction(sig, &sf_new, &sf_state()->previous_action[sig]) == 0) sf_state()->installed[sig] = 1;
}

/// Puts back whatever handler `sig` had before we installed ours.
void sf_signal_uninstall(int sig) {
    if (sig <= 0 || sig >= SF_MAX_SIGNAL || !sf_state()->installed[sig]) return;
    sigaction(sig, &sf_state()->previous_action[sig], NULL);
    sf_state()->installed[sig] = 0;
}

int sf_signal_pending(void) { return (int)sf_state()->pending_signal; }

/// Records `sig` as if it had been delivered (used when the terminal is found hung up).
void sf_signal_note(int sig) { if (sf_state()->pending_signal == 0) sf_state()->pending_signal = sig; }

/// The current disposition of a signal: 0 default, 1 ignored, 2 a handler.
int sf_signal_disposition(int sig) {
    struct sigaction sf_old;
    if (sigaction(sig, NULL, &sf_old) != 0) return 0;
    if (sf_old.sa_flags & SA_SIGINFO) return 2;
    if (sf_old.sa_handler == SIG_DFL) return 0;
    if (sf_old.sa_handler == SIG_IGN) return 1;
    return 2;
}

