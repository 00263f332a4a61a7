/* touched-blocks LOW HIGH OUT: reads valgrind lackey's --trace-mem=yes log on stdin and writes to OUT, one per
   line (hex, from LOW), the 16-byte blocks of [LOW, HIGH) that a load, store or modify of the program touched.
   tools/link-order/generate.sh uses it for the data half of the link order: which of bgloc's .rodata and .bss the
   daemon reads or writes (lackey writes a line per access, some hundred million at start-up: too many for a
   script to parse in time). Built by generate.sh with the system's C compiler; not part of bgkit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: touched-blocks LOW HIGH OUT (addresses in hex)\n");
        return 2;
    }
    unsigned long low = strtoul(argv[1], NULL, 16), high = strtoul(argv[2], NULL, 16);
    unsigned char *touched = calloc((high - low) / 16 + 1, 1);
    if (!touched || high <= low) return 1;
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        /* " L addr,size", " S addr,size", " M addr,size"; instruction fetches ("I  addr,size") and lackey's
           own messages ("==pid==") start otherwise. */
        if (line[0] != ' ' || !strchr("LSM", line[1])) continue;
        char *comma;
        unsigned long address = strtoul(line + 3, &comma, 16);
        unsigned long size = *comma == ',' ? strtoul(comma + 1, NULL, 10) : 1;
        for (unsigned long a = address; a < address + size; a++)
            if (a >= low && a < high) touched[(a - low) / 16] = 1;
    }
    FILE *out = fopen(argv[3], "w");
    if (!out) return 1;
    for (unsigned long block = 0; block <= (high - low) / 16; block++)
        if (touched[block]) fprintf(out, "%lx\n", block * 16);
    return fclose(out) == 0 ? 0 : 1;
}
