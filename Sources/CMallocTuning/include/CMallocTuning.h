// See MallocTuning.c: how the `mediasearch` executable sets up glibc's malloc before `main`.
#ifndef MEDIASEARCH_CMALLOCTUNING_H
#define MEDIASEARCH_CMALLOCTUNING_H

/// How many malloc arenas this process was limited to before `main`, or 0 if it was not.
int mediasearch_malloc_arena_limit(void);

#endif
