#pragma once
// Message: one sentence the core says to a user, written once. `source` is the English
// template with %1..%n where figures and names go, marked for translation with
// QT_TRANSLATE_NOOP(context, source) where it is written; `args` are the figures and
// names, already formatted as the CLI shows them. The CLI prints english(); the GUI looks
// the template up in the UI language (QCoreApplication::translate(context, source)) and
// puts in the same arguments (ui/text/Translate.h), so both show the same facts from one
// sentence, and a language whose word order differs moves the %N.

#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

struct Message;

/// One argument of a message: a text put in as it is, or messages of their own (each
/// translated in turn, then joined by `separator`) for a sentence built from sentences.
struct MessageArg {
    // Out of line: an inline constructor would need ~vector<Message> while Message is
    // still incomplete here, which clang with libstdc++ refuses.
    MessageArg(std::string text);
    MessageArg(const char* text);
    MessageArg(std::vector<Message> parts, std::string separator);
    MessageArg(const MessageArg&);
    MessageArg(MessageArg&&) noexcept;
    MessageArg& operator=(const MessageArg&);
    MessageArg& operator=(MessageArg&&) noexcept;
    ~MessageArg();

    std::string text;
    std::vector<Message> parts;
    std::string separator;
};

struct Message {
    /// The translation context; null for a text no one translates (verbatim()).
    const char* context = nullptr;
    /// The English template: a string literal marked with QT_TRANSLATE_NOOP(context, …).
    const char* source = nullptr;
    std::vector<MessageArg> args {};

    /// The template with its arguments put in: what the CLI prints.
    std::string english() const;
    bool empty() const { return source == nullptr; }
};

/// The sentences of one translation context: `constexpr MessageContext say { "Messages" };`
/// then `say(QT_TRANSLATE_NOOP("Messages", "%1: no such file"), { path })`.
struct MessageContext {
    const char* name;
    Message operator()(const char* source, std::vector<MessageArg> args = {}) const
    {
        return { name, source, std::move(args) };
    }
};

/// A text with no template (input that carries no structured form): shown as it is.
Message verbatim(std::string text);

/// `source` with %1..%n replaced by args[0..n-1]; a % not followed by an argument's number stays.
std::string substitute(std::string_view source, const std::vector<std::string>& args);

} // namespace kvtiers
