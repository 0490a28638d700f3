#include "ui/dialogs/ModelHelpDialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace kvtiers::ui {

ModelHelpDialog::ModelHelpDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("modelHelpDialog"));
    setWindowTitle(tr("How kvtiers computes this"));
    auto* layout = new QVBoxLayout(this);
    if (QLocale().language() != QLocale::English) {
        auto* note
            = new QLabel(tr("This explanation is written in English; the figures and terms match the app."), this);
        note->setWordWrap(true);
        layout->addWidget(note);
    }
    auto* browser = new QTextBrowser(this);
    browser->setObjectName(QStringLiteral("modelHelpBrowser"));
    browser->setOpenLinks(false);
    connect(browser, &QTextBrowser::anchorClicked, this, [](const QUrl& url) {
        if (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
            QDesktopServices::openUrl(url);
    });
    QFile page(QStringLiteral(":/kvtiers/docs/model.md"));
    if (page.open(QIODevice::ReadOnly))
        browser->setMarkdown(QString::fromUtf8(page.readAll()));
    else
        browser->setPlainText(tr("The model description is missing from this build."));
    layout->addWidget(browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(860, 680);
}

ModelHelpDialog* ModelHelpDialog::showFor(QWidget* parent)
{
    auto* dialog = parent->findChild<ModelHelpDialog*>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog)
        dialog = new ModelHelpDialog(parent);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

} // namespace kvtiers::ui
