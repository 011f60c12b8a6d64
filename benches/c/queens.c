/* The baseline for benches/queens.rs: a classic C bitmask N-queens counter with mirror
 * halving of the first row, as published counters write it. Compiled with -O3 by the
 * bench itself, so both sides are measured in one run on one machine.
 * usage: queens N REPEATS  -> prints "<solutions> <best seconds>" */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long long solve(unsigned all, unsigned cols, unsigned ld, unsigned rd) {
    if (cols == all) return 1;
    unsigned long long found = 0;
    unsigned avail = all & ~(cols | ld | rd);
    while (avail) {
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        found += solve(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return found;
}

static unsigned long long count(int n) {
    unsigned all = (n == 32) ? ~0u : (1u << n) - 1;
    unsigned long long total = 0;
    for (int c = 0; c < n / 2; c++) {
        unsigned bit = 1u << c;
        total += 2 * solve(all, bit, bit << 1, bit >> 1);
    }
    if (n & 1) {
        unsigned bit = 1u << (n / 2);
        total += solve(all, bit, bit << 1, bit >> 1);
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    int n = atoi(argv[1]), repeats = atoi(argv[2]);
    double best = 1e30;
    unsigned long long result = 0;
    for (int i = 0; i < repeats; i++) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        result = count(n);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
        if (s < best) best = s;
    }
    printf("%llu %.6f\n", result, best);
    return 0;
}
