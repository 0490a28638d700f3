// Build-time tool: writes kvtiers(1), the manual page, from the command line's own tables
// (app/cli/CommandLine.h: manPage()), so the page cannot drift from `kvtiers --help`.
// Usage: kvtiers_render_manpage OUT.1
#include "app/cli/CommandLine.h"

#include <cstdio>
#include <fstream>
#include <iostream>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: kvtiers_render_manpage OUT.1\n";
        return 2;
    }
    std::ofstream out(argv[1], std::ios::binary);
    out << kvtiers::cli::manPage();
    out.close();
    if (!out) {
        std::cerr << "kvtiers_render_manpage: cannot write " << argv[1] << "\n";
        return 1;
    }
    return 0;
}
