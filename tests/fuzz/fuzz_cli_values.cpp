// Fuzzes what people type: the option-value parsers, and the command line itself with
// arguments taken from the input (one per line). Commands that write files (preset) and
// arguments naming paths are left out, so the fuzzer never touches the file system.
#include "app/cli/CommandLine.h"
#include "core/cards/KvFormat.h"
#include "core/io/Units.h"
#include "tests/fuzz/FuzzSupport.h"

#include <cstdlib>
#include <sstream>
#include <vector>

using namespace kvtiers;

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    setenv("KVTIERS_DATA_DIR", "/nonexistent/kvtiers-fuzz", 1); // presets: read nothing
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto input = fuzz::text(data, size);
    const std::string first(input.substr(0, input.find('\n')));
    auto quietly = [](auto f) {
        try {
            f();
        } catch (const InputError&) {
        }
    };
    quietly([&] { (void)parsePlainNumber(first); });
    quietly([&] { (void)parseTokenCount(first, "--context", 1, 1e12); });
    quietly([&] { (void)parseFraction(first, "--reuse"); });
    quietly([&] { (void)parseKvDtype(first, "--kv-dtype"); });
    quietly([&] { (void)parseByteSize(first, "--dram-per-server"); });
    quietly([&] { (void)parseNumberOption(first, "--tp", 1, 65536, true); });
    quietly([&] { (void)parseNumberOption(first, "--sharing", 1, 1e12, false); });

    std::vector<std::string> args;
    std::string line;
    for (char c : input) {
        if (c == '\n') {
            args.push_back(line);
            line.clear();
        } else {
            line += c;
        }
    }
    args.push_back(line);
    if (args.size() > 40)
        return 0;
    static const char* const commands[] = { "eval", "sweep", "compare", "list", "vllm-check" };
    const std::string& cmd = args[0];
    if (std::none_of(std::begin(commands), std::end(commands), [&](const char* c) { return cmd == c; }))
        return 0;
    for (const auto& a : args) {
        if (a.find('/') != std::string::npos || a.find(".json") != std::string::npos || a.find("--log") == 0)
            return 0; // would read a file named by the input
        if (a.find("--points") == 0)
            return 0; // a 100,000-point sweep is slow, not wrong
    }
    std::ostringstream out, err;
    const int status = cli::run(args, out, err);
    if (status == 1) // "internal error": an exception other than InputError escaped
        std::abort();
    return 0;
}
