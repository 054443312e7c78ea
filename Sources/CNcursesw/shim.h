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

int wcwidth(wchar_t c);

#endif
