#pragma once
// Retranslator: the tr() texts a widget sets, kept as setters so a language switch can set
// them again. A widget passes each setter once, where it builds the control (the setter
// runs at once), and its retranslateUi() calls retranslate() on QEvent::LanguageChange:
// every string is written in one place, and none is forgotten by a separate list.

#include <QAbstractItemModel>
#include <QFormLayout>
#include <QLabel>

#include <functional>
#include <utility>
#include <vector>

namespace kvtiers::ui {

class Retranslator {
public:
    /// Runs `set` now, and again at every retranslate().
    void operator()(std::function<void()> set)
    {
        set();
        m_setters.push_back(std::move(set));
    }
    void retranslate() const
    {
        for (const auto& set : m_setters)
            set();
    }
    /// QFormLayout::addRow(Owner::tr(label), field), its label worded again at each
    /// retranslate(). Mark `label` with QT_TR_NOOP in an Owner member, so lupdate sees it.
    template <typename Owner, typename Field> void formRow(QFormLayout* form, const char* label, Field* field)
    {
        form->addRow(Owner::tr(label), field);
        (*this)([form, label, field] {
            if (auto* shown = qobject_cast<QLabel*>(form->labelForField(field)))
                shown->setText(Owner::tr(label));
        });
    }

private:
    std::vector<std::function<void()>> m_setters;
};

/// Tells a model's views that its headers and cells read anew (the model words them in
/// headerData()/data() with tr(), so a language change needs no other update).
inline void announceRetranslated(QAbstractItemModel* model)
{
    const int columns = model->columnCount();
    const int rows = model->rowCount();
    if (columns > 0)
        emit model->headerDataChanged(Qt::Horizontal, 0, columns - 1);
    if (rows > 0 && columns > 0)
        emit model->dataChanged(model->index(0, 0), model->index(rows - 1, columns - 1));
}

} // namespace kvtiers::ui
