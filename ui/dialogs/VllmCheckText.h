#pragma once
// VllmCheckText: the vLLM check's notes and explanation (core/VllmCheck.h) in the UI
// language. The core words them in English for the CLI (vllmNoteText, vllmSentenceText);
// this words the same structures (VllmNote, VllmSentence) through tr(), so in English the
// dialog shows byte for byte the CLI's text and in Korean the same facts and figures.
// The vLLM check's InputErrors are worded with the others, in Messages.

#include "core/model/VllmCheck.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace kvtiers::ui {

class VllmCheckText {
    Q_DECLARE_TR_FUNCTIONS(VllmCheckText)
public:
    /// One note of a prediction: vllmNoteText() in the UI language.
    static QString noteText(const VllmNote& note);
    /// One sentence of a comparison's explanation: vllmSentenceText() in the UI language.
    static QString sentenceText(const VllmSentence& sentence);
    /// The sentences joined by spaces: VllmComparison::explanation in the UI language.
    static QString explanationText(const std::vector<VllmSentence>& sentences);
};

} // namespace kvtiers::ui
