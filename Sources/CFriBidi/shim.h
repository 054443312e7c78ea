#ifndef TINBOX_CFRIBIDI_SHIM_H
#define TINBOX_CFRIBIDI_SHIM_H
/* FriBidi (Debian libfribidi-dev): the Unicode Bidirectional Algorithm, mirroring and Arabic
   shaping for the `app` bidi mode (TERMINAL.md 1). The paragraph directions and flags are macros
   built from masks, which Swift does not import, hence these accessors. */
#include <fribidi/fribidi.h>

static inline FriBidiParType tinbox_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType tinbox_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType tinbox_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }

/* Mirrored brackets at right-to-left levels, and Arabic joined into presentation forms with the
   mandatory lam-alef ligatures. */
static inline FriBidiFlags tinbox_fribidi_shape_flags(void) {
    return FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAG_SHAPE_ARAB_PRES | FRIBIDI_FLAG_SHAPE_ARAB_LIGA;
}

/* What a lam-alef ligature leaves in the place of its second letter. */
static inline FriBidiChar tinbox_fribidi_fill(void) { return FRIBIDI_CHAR_FILL; }

static inline int tinbox_fribidi_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) ? 1 : 0; }

#endif
