#include "core/io/Message.h"

namespace kvtiers {

MessageArg::MessageArg(std::string text)
    : text(std::move(text))
{
}

MessageArg::MessageArg(const char* text)
    : text(text)
{
}

MessageArg::MessageArg(std::vector<Message> parts, std::string separator)
    : parts(std::move(parts))
    , separator(std::move(separator))
{
}
MessageArg::MessageArg(const MessageArg&) = default;
MessageArg::MessageArg(MessageArg&&) noexcept = default;
MessageArg& MessageArg::operator=(const MessageArg&) = default;
MessageArg& MessageArg::operator=(MessageArg&&) noexcept = default;
MessageArg::~MessageArg() = default;

std::string substitute(std::string_view source, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(source.size() + 16 * args.size());
    for (size_t i = 0; i < source.size(); ++i) {
        const char c = source[i];
        auto digit = [&](size_t at) { return at < source.size() && source[at] >= '0' && source[at] <= '9'; };
        if (c != '%' || !digit(i + 1)) {
            out += c;
            continue;
        }
        // %12 is the twelfth argument only when there are twelve; else %1 and a "2".
        size_t n = static_cast<size_t>(source[i + 1] - '0');
        size_t width = 1;
        if (digit(i + 2)) {
            const size_t two = n * 10 + static_cast<size_t>(source[i + 2] - '0');
            if (two >= 1 && two <= args.size()) {
                n = two;
                width = 2;
            }
        }
        if (n >= 1 && n <= args.size()) {
            out += args[n - 1];
            i += width;
        } else {
            out += c;
        }
    }
    return out;
}

std::string Message::english() const
{
    if (!source)
        return {};
    std::vector<std::string> texts;
    texts.reserve(args.size());
    for (const MessageArg& a : args) {
        if (a.parts.empty()) {
            texts.push_back(a.text);
            continue;
        }
        std::string joined;
        for (size_t i = 0; i < a.parts.size(); ++i)
            joined += (i ? a.separator : std::string()) + a.parts[i].english();
        texts.push_back(std::move(joined));
    }
    return substitute(source, texts);
}

Message verbatim(std::string text)
{
    return { nullptr, "%1", { MessageArg(std::move(text)) } };
}

} // namespace kvtiers
