#ifndef MEDIASEARCH_CARTWORK_H
#define MEDIASEARCH_CARTWORK_H

/// Artwork decoded and scaled for the terminal faces (docs/design.md, "Artwork in the terminal"):
/// Debian's stb_image and stb_image_resize, compiled in when their headers are there at build
/// time (libstb-dev), and absent otherwise (ms_artwork_available() is then 0).

/// 1 when pictures can be decoded; 0 when the build had no stb headers.
int ms_artwork_available(void);

/// The RGB pixels (3 bytes each, rows top first) of a JPEG or PNG in `data`, or NULL for
/// anything else, a broken picture, or one over `max_side` pixels on a side (checked from its
/// header, before anything is decoded). Free them with ms_artwork_free.
unsigned char *ms_artwork_decode(const unsigned char *data, int length, int max_side, int *width, int *height);

/// `pixels` (RGB, `width` x `height`) scaled to `out_width` x `out_height` into `out`; 1 when done.
int ms_artwork_scale(const unsigned char *pixels, int width, int height, unsigned char *out, int out_width,
    int out_height);

void ms_artwork_free(unsigned char *pixels);

#endif
