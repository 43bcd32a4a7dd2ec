// Linked into the `mediasearch` executable only (not its libraries or tests).
//
// A command that runs once and exits keeps its threads on one malloc arena. glibc gives each
// thread that allocates while another one is an arena of its own (up to 8 per core), and a
// search's threads (Swift's cooperative pool, the HTTP client's event loop, the blocking pool,
// the library write beside the history) each kept a few MiB there. One arena is about 3 MiB
// less peak RSS for a four-kind search of 800 results, with no time a search can measure
// (BENCHMARKS.md, "Third round"). `serve` answers many requests at once on every core, so it
// keeps glibc's default.
//
// This runs as a constructor, before `main`: by the time Swift code runs, the runtime has
// started threads that have allocated already, and an arena once given is kept.
#include "CMallocTuning.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#include <string.h>
#endif

static int arena_limit = 0;

int mediasearch_malloc_arena_limit(void) { return arena_limit; }

#if defined(__GLIBC__) && defined(M_ARENA_MAX)
// glibc passes the program's arguments to the functions of .init_array.
__attribute__((constructor)) static void mediasearch_tune_malloc(int argc, char **argv, char **envp) {
    (void)envp;
    for (int index = 1; index < argc; index++) {
        if (argv[index] != 0 && strcmp(argv[index], "serve") == 0) return;
    }
    if (mallopt(M_ARENA_MAX, 1) == 1) arena_limit = 1;
}
#endif
