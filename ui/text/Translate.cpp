#include "ui/text/Translate.h"

#include <QCoreApplication>

namespace kvtiers::ui {

namespace {
std::string messageText(const Message& m)
{
    if (m.empty())
        return {};
    const std::string source = m.context ? QCoreApplication::translate(m.context, m.source).toStdString() : m.source;
    std::vector<std::string> args;
    args.reserve(m.args.size());
    for (const MessageArg& a : m.args) {
        if (a.parts.empty()) {
            args.push_back(a.text);
            continue;
        }
        std::string joined;
        for (size_t i = 0; i < a.parts.size(); ++i)
            joined += (i ? a.separator : std::string()) + messageText(a.parts[i]);
        args.push_back(std::move(joined));
    }
    return substitute(source, args);
}
} // namespace

QString translated(const Message& message)
{
    return QString::fromStdString(messageText(message));
}

std::string translatedText(const char* context, const char* source)
{
    return QCoreApplication::translate(context, source).toStdString();
}

QString joinSentences(const QString& first, const QString& second)
{
    QString text = first.trimmed();
    if (text.isEmpty() || second.isEmpty())
        return text + second;
    static const QString kEnds = QStringLiteral(".!?…。");
    if (!kEnds.contains(text.back()))
        text += u'.';
    return text + u' ' + second;
}

} // namespace kvtiers::ui
