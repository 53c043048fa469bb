#ifndef STOREFRONT_TERMINAL_STATE_H
#define STOREFRONT_TERMINAL_STATE_H
// The process-wide state of the terminal edge: signal handlers, the tty modes saved before raw mode,
// the emergency restore, stderr capture and the self-pipe that wakes the main loop.
//
// All of it lives in ONE C translation unit, terminal_state.c, so there is exactly one copy of it in
// every build. (It used to be a `static` inside `static inline` functions in CNCurses' shim.h: every
// Swift module or file that got its own copy of a function also got its own copy of the state, and the
// optimized build's signal handlers wrote a copy the main loop never read.) A test counts the copies
// in the built binary with nm. Swift calls these through Sources/Terminal/Signals.swift.
#include <stddef.h>

/// While the screen runs, what is written to a terminal stderr (a Swift `fatalError` message, a
/// library's warning) would land on the alternate screen, garble it, and vanish when the program
/// leaves it. So stderr goes to an unlinked temporary file instead, and is copied to the real stderr
/// when the screen stops or the program crashes. Does nothing when stderr is not a terminal.
void sf_stderr_capture_begin(void);

/// Gives stderr back and copies what was captured to it. Async-signal-safe (dup2, lseek, read, write).
void sf_stderr_capture_end(void);

/// Puts the terminal back without ncurses, using only async-signal-safe calls: writes the
/// capabilities that leave full-screen mode (captured at start), restores the tty modes saved
/// before ncurses changed them, and gives stderr back with what was written to it meanwhile.
void sf_restore_emergency(void);

/// Saves the tty modes as they are now (before newterm changes them).
int sf_restore_save_termios(void);

/// Restores the tty modes saved by sf_restore_save_termios (leaving raw mode).
int sf_restore_termios(void);

/// Raw mode from the saved modes: bytes arrive one by one and unchanged (no echo, no line editing,
/// no Ctrl-C/Ctrl-Z/Ctrl-S signals or flow control), and output goes out unchanged (no NL -> CR NL).
int sf_enter_raw_mode(void);

/// The bytes that leave full-screen mode, for the emergency restore (the same ones a normal stop
/// writes). Returns 0 when they do not fit.
int sf_restore_set_bytes(const char *sf_bytes, size_t sf_length);

/// Arms (1) or disarms (0) the emergency restore.
void sf_restore_arm(int armed);

/// Disarms the emergency restore and forgets its bytes.
void sf_restore_reset(void);

/// Creates the self-pipe (non-blocking, close-on-exec) once. Returns 0 on failure.
int sf_wake_open(void);

/// The self-pipe's read end: readable when a handled signal arrived (poll it with the input).
int sf_wake_fd(void);

/// Empties the self-pipe after poll() reported it readable.
void sf_wake_drain(void);

/// Whether a SIGWINCH arrived since the last call; clears the note.
int sf_resize_take(void);

/// Installs the SIGWINCH handler (notes the resize, wakes the main loop).
void sf_signal_install_winch(void);

/// Whether crashes are handed on to the handler that was there before ours (Swift's backtracer).
/// Off by default: see sf_crash_handler.
void sf_crash_set_chain(int sf_chain);

/// Installs the recording handler for `sig` unless the signal is ignored (nohup, background jobs).
void sf_signal_install_record(int sig);

/// Installs the crash handler for `sig`: restore the terminal, one line on stderr, die of the signal.
void sf_signal_install_crash(int sig);

/// Puts back whatever handler `sig` had before we installed ours.
void sf_signal_uninstall(int sig);

/// The recorded SIGINT/SIGTERM/SIGHUP/SIGQUIT, or 0.
int sf_signal_pending(void);

/// Records `sig` as if it had been delivered (used when the terminal is found hung up).
void sf_signal_note(int sig);

/// The current disposition of a signal: 0 default, 1 ignored, 2 a handler.
int sf_signal_disposition(int sig);

/// Installs the SIGTSTP and SIGCONT handlers, unless SIGTSTP is ignored (a shell without job control).
void sf_signal_install_job_control(void);

/// Whether a SIGTSTP arrived since the last call; clears the note.
int sf_suspend_take(void);

/// Whether a SIGCONT arrived since the last call; clears the note.
int sf_continue_take(void);

/// Stops the process as a shell's Ctrl-Z does and returns once it is continued (see terminal_state.c).
void sf_suspend_self(void);

#endif
