// The system's zlib (Debian: zlib1g-dev; macOS: the SDK's), to store library records compressed.
#include <zlib.h>
