#include "CArtwork.h"
#include <stdlib.h>

#if __has_include(<stb/stb_image.h>) && __has_include(<stb/stb_image_resize.h>)

// Only the two formats artwork comes in, from memory, never larger than a side of 4096.
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 4096
#define STB_IMAGE_RESIZE_IMPLEMENTATION
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>
#pragma clang diagnostic pop

int ms_artwork_available(void) { return 1; }

unsigned char *ms_artwork_decode(const unsigned char *data, int length, int max_side, int *width, int *height) {
    int components = 0;
    if (data == NULL || length <= 0) return NULL;
    if (!stbi_info_from_memory(data, length, width, height, &components)) return NULL;
    if (*width < 1 || *height < 1 || *width > max_side || *height > max_side) return NULL;
    return stbi_load_from_memory(data, length, width, height, &components, 3);
}

int ms_artwork_scale(const unsigned char *pixels, int width, int height, unsigned char *out, int out_width,
    int out_height) {
    if (width < 1 || height < 1 || out_width < 1 || out_height < 1) return 0;
    return stbir_resize_uint8(pixels, width, height, 0, out, out_width, out_height, 0, 3);
}

void ms_artwork_free(unsigned char *pixels) { stbi_image_free(pixels); }

#else

int ms_artwork_available(void) { return 0; }

unsigned char *ms_artwork_decode(const unsigned char *data, int length, int max_side, int *width, int *height) {
    (void)data; (void)length; (void)max_side; (void)width; (void)height;
    return NULL;
}

int ms_artwork_scale(const unsigned char *pixels, int width, int height, unsigned char *out, int out_width,
    int out_height) {
    (void)pixels; (void)width; (void)height; (void)out; (void)out_width; (void)out_height;
    return 0;
}

void ms_artwork_free(unsigned char *pixels) { free(pixels); }

#endif
