#ifndef TINBOX_CNCURSESW_SHIM_H
#define TINBOX_CNCURSESW_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/panel.h>

/* Swift 6 cannot use curses globals and function-like macros; these accessors wrap them. */
static inline WINDOW *tinbox_stdscr(void) { return stdscr; }
static inline WINDOW *tinbox_curscr(void) { return curscr; }
static inline int tinbox_lines(void) { return LINES; }
static inline int tinbox_cols(void) { return COLS; }
static inline int tinbox_colors(void) { return COLORS; }
static inline int tinbox_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t tinbox_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline attr_t tinbox_a_bold(void) { return A_BOLD; }
static inline attr_t tinbox_a_reverse(void) { return A_REVERSE; }
static inline attr_t tinbox_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tinbox_a_dim(void) { return A_DIM; }
static inline attr_t tinbox_a_normal(void) { return A_NORMAL; }
static inline int tinbox_key_resize(void) { return KEY_RESIZE; }
static inline int tinbox_key_mouse(void) { return KEY_MOUSE; }
static inline int tinbox_err(void) { return ERR; }
static inline int tinbox_ok(void) { return OK; }

/* Line-drawing characters as wide cells (WACS_* are macros over a global array). */
static inline const cchar_t *tinbox_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *tinbox_wacs_vline(void) { return WACS_VLINE; }
static inline const cchar_t *tinbox_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *tinbox_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *tinbox_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *tinbox_wacs_lrcorner(void) { return WACS_LRCORNER; }

/* Mouse masks (function-like macros in curses.h). */
static inline mmask_t tinbox_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tinbox_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tinbox_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tinbox_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t tinbox_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t tinbox_button5_pressed(void) { return 0; }
#endif
static inline int tinbox_key_code_yes(void) { return KEY_CODE_YES; }
static inline int tinbox_key_f(int n) { return KEY_F(n); }
/* Key codes of our own for xterm focus reports (CSI I, CSI O), bound with define_key. */
static inline int tinbox_key_focus_in(void) { return KEY_MAX + 1; }
static inline int tinbox_key_focus_out(void) { return KEY_MAX + 2; }

/* Draws one line-drawing glyph (0 hline, 1 vline, 2-5 corners ul ur ll lr) with attributes:
   the terminal's own line set is used, so TERM=linux and vt100 draw real lines. */
static inline int tinbox_put_line(WINDOW *win, int y, int x, int which, attr_t attrs, short pair) {
    const cchar_t *glyph;
    switch (which) {
    case 0: glyph = WACS_HLINE; break;
    case 1: glyph = WACS_VLINE; break;
    case 2: glyph = WACS_ULCORNER; break;
    case 3: glyph = WACS_URCORNER; break;
    case 4: glyph = WACS_LLCORNER; break;
    default: glyph = WACS_LRCORNER; break;
    }
    wchar_t chars[CCHARW_MAX + 1];
    attr_t own = 0;
    short ownPair = 0;
    if (getcchar(glyph, chars, &own, &ownPair, NULL) == ERR) return ERR;
    cchar_t cell;
    setcchar(&cell, chars, (own & A_ALTCHARSET) | attrs, pair, NULL);
    return mvwadd_wch(win, y, x, &cell);
}

/* Whether the terminal switches to an alternate screen (smcup), as xterm does and linux does not. */
#include <term.h>
static inline int tinbox_has_alternate_screen(void) {
    char *smcup = tigetstr("smcup");
    return smcup != NULL && smcup != (char *)-1 && smcup[0] != 0;
}

/* Signals that end the reader: the handler only records the number; the input loop notices it
   (getch returns within its timeout) and restores the terminal with endwin. */
#include <signal.h>
#include <string.h>
static volatile sig_atomic_t tinbox_pending_signal = 0;
static void tinbox_record_signal(int number) { tinbox_pending_signal = number; }
static inline void tinbox_set_handler(int number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(number, &action, NULL);
}
static inline void tinbox_install_exit_signals(void) {
    tinbox_set_handler(SIGTERM, tinbox_record_signal);
    tinbox_set_handler(SIGHUP, tinbox_record_signal);
    tinbox_set_handler(SIGINT, tinbox_record_signal);
    /* A parent may start us with these blocked (a thread pool's mask is inherited through
       posix_spawn, and so is a tmux server's): then Ctrl-Z, a resize or SIGTERM would never
       arrive. The reader relies on all of them. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTSTP);
    sigaddset(&wanted, SIGCONT);
    sigaddset(&wanted, SIGWINCH);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}
/* Ctrl-Z: the handler records it; the reader tells in-app messaging it goes to the background,
   then `tinbox_stop_self` stops the process the way the default action would. Installed before
   initscr, so curses leaves SIGTSTP to us. */
static volatile sig_atomic_t tinbox_pending_suspend = 0;
static void tinbox_record_suspend(int number) { (void)number; tinbox_pending_suspend = 1; }
static inline void tinbox_install_suspend_signal(void) {
    tinbox_set_handler(SIGTSTP, tinbox_record_suspend);
}
static inline int tinbox_take_suspend(void) {
    int pending = tinbox_pending_suspend;
    tinbox_pending_suspend = 0;
    return pending;
}
/* Stops the process until SIGCONT, as a shell's Ctrl-Z expects, then takes SIGTSTP back. */
static inline void tinbox_stop_self(void) {
    signal(SIGTSTP, SIG_DFL);
    raise(SIGTSTP);
    tinbox_install_suspend_signal();
}
static inline int tinbox_take_signal(void) {
    int number = tinbox_pending_signal;
    tinbox_pending_signal = 0;
    return number;
}

int wcwidth(wchar_t c);

#endif
