// Every tab is a document its views draw (docs/architecture.md, "Documents"): the input,
// its undo history, the evaluation and its thread live in ui/common/Document and its
// instances, never in a view. This scan of ui/ fails on
//  - a QUndoStack or QThread held as a member, or made (new QUndoStack, QThread::create,
//    new QThread), anywhere but the document template;
//  - a QTimer anywhere but the template and the short list below, where each entry says
//    what its timer is for (none of them evaluates anything);
//  - a tab's view over 450 lines of .cpp: a view that grows past it is computing or holding
//    state that belongs in its document.
// Comments are not read: only code counts.

#include "tests/support/SourceFiles.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <map>

namespace {

/// The document template: the one place an undo stack, a worker thread and the
/// evaluation timer are made.
const QStringList kTemplate = { QStringLiteral("ui/common/Document.h"), QStringLiteral("ui/common/Document.cpp") };

/// Timers that are not evaluation, by file: how many uses the file may hold, and what for.
struct AllowedTimer {
    int uses;
    const char* purpose;
};
const std::map<QString, AllowedTimer> kAllowedTimers = {
    { QStringLiteral("ui/app/MainWindow.cpp"),
        { 4,
            "after the event that asked for it returns: showing a dock once the layout is done, opening a "
            "dropped file, and the window test seam stepping through its states" } },
    { QStringLiteral("ui/app/FirstPaintProbe.cpp"), { 1, "the first paint's time, taken on the next turn" } },
    { QStringLiteral("ui/scenario/ScenarioTab.h"), { 1, "the tier table's rows refitted once a drag stops" } },
    { QStringLiteral("ui/scenario/ScenarioTab.cpp"), { 3, "the tier table's rows refitted once a drag stops" } },
};

/// The views of the tabs that are documents, and the longest .cpp each may be.
constexpr int kViewLines = 450;
const QStringList kViews = { QStringLiteral("ui/fleet/FleetView.cpp"), QStringLiteral("ui/outlook/OutlookView.cpp"),
    QStringLiteral("ui/sensitivity/SensitivityView.cpp"), QStringLiteral("ui/trace/LoadView.cpp") };

/// The file's code with comments blanked (line breaks kept, so line numbers hold).
QString codeOf(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(f.readAll());
    static const QRegularExpression comment(
        QStringLiteral(R"(//[^\n]*|/\*.*?\*/)"), QRegularExpression::DotMatchesEverythingOption);
    QString out;
    qsizetype last = 0;
    for (auto it = comment.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        out += QString(m.captured().count(u'\n'), u'\n');
        last = m.capturedEnd();
    }
    return out + text.mid(last);
}

int lineOf(const QString& code, qsizetype at)
{
    return static_cast<int>(code.left(at).count(u'\n')) + 1;
}

} // namespace

class TestDocuments : public QObject {
    Q_OBJECT
private slots:
    void noUndoStackOrThreadOutsideTheTemplate()
    {
        static const QRegularExpression held(QStringLiteral(
            R"(\b(QUndoStack|QThread)\s*\*?\s*m_\w+|\bnew\s+(QUndoStack|QThread)\b|\bQThread::create\b)"));
        QStringList problems;
        for (const auto& [relative, code] : uiSources()) {
            if (kTemplate.contains(relative))
                continue;
            for (auto it = held.globalMatch(code); it.hasNext();) {
                const auto m = it.next();
                problems << QStringLiteral("%1:%2: %3 (undo stacks and threads belong to the tab's document)")
                                .arg(relative)
                                .arg(lineOf(code, m.capturedStart()))
                                .arg(m.captured().simplified());
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void timersOnlyWhereListed()
    {
        static const QRegularExpression timer(QStringLiteral(R"(\bQTimer\b(?!>))"));
        static const QRegularExpression include(QStringLiteral(R"(#\s*include\s*<QTimer>|\bclass\s+QTimer\s*;)"));
        QStringList problems;
        for (const auto& [relative, code] : uiSources()) {
            if (kTemplate.contains(relative))
                continue;
            QString scanned = code;
            scanned.replace(include, QString());
            const int uses = static_cast<int>(scanned.count(timer));
            const auto allowed = kAllowedTimers.find(relative);
            const int most = allowed == kAllowedTimers.end() ? 0 : allowed->second.uses;
            if (uses > most)
                problems << QStringLiteral("%1: %2 QTimer uses, %3 allowed (an evaluation runs in the tab's "
                                           "document; another timer needs its purpose listed in this test)")
                                .arg(relative)
                                .arg(uses)
                                .arg(most);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void viewsStaySmall()
    {
        QStringList problems;
        for (const QString& view : kViews) {
            QFile f(kvtiers::test::sourceFile(view));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(view));
            const int lines = static_cast<int>(f.readAll().count('\n'));
            if (lines > kViewLines)
                problems << QStringLiteral("%1: %2 lines (at most %3)").arg(view).arg(lines).arg(kViewLines);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

private:
    /// Every C++ file under ui/, by its path from the root, with its code.
    static std::map<QString, QString> uiSources()
    {
        std::map<QString, QString> out;
        const QString root = kvtiers::test::sourceDir();
        QDirIterator it(root + QStringLiteral("/ui"), { QStringLiteral("*.h"), QStringLiteral("*.cpp") }, QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            out[path.mid(root.size() + 1)] = codeOf(path);
        }
        return out;
    }
};

QTEST_GUILESS_MAIN(TestDocuments)
#include "tst_documents.moc"
