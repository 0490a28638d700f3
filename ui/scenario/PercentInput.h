#pragma once
// PercentInput: one rule for every percent field (reuse, offload rate, GPU memory
// utilisation): "30%" is 30%, a bare number above 1 is a percent ("30" → 30%), and one
// from 0 to 1 is a share ("0.3" → 30%, "1" → 100%). Each accepted entry says what it took.

#include <QDoubleSpinBox>
#include <QString>

#include <string>

namespace kvtiers::ui {

/// The share (0 to 1) `text` means under the rule above. Throws InputError naming `what`
/// (not a number; out of 0% to 100%).
double readPercentInput(const QString& text, const std::string& what);
/// "Reuse rate: took “30” as 30%": what a field says after an entry (status bar), `what`
/// ("reuse rate") beginning it with a capital.
QString percentTakenText(const QString& what, const QString& typed, double share);

/// A QDoubleSpinBox in percent (0 to 100, suffix " %") that reads typed text by the rule
/// above and emits taken() with percentTakenText() for each typed entry it commits.
class PercentSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    PercentSpinBox(const QString& what, QWidget* parent = nullptr);
    /// The field's name in messages ("offload rate"), set again when the language changes.
    void setWhat(const QString& what) { m_what = what; }

    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;

signals:
    void taken(const QString& message);

private:
    QString typedText(const QString& input) const;
    QString m_what;
    mutable QString m_typed; ///< the last text typed, until committed
};

} // namespace kvtiers::ui
