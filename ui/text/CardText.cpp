#include "ui/text/CardText.h"

#include <QCoreApplication>

#include <array>

namespace kvtiers::ui {

namespace {

// The built-in cards' text a user reads, as the JSON under models/ gives it. A new card, or
// a new name, goes here too (tst_gui_i18n lists what is missing), then into the .ts.
// Model and hardware names are proper names (Llama 3.1 70B, H200 SXM) and stay as they are.
constexpr std::array kCardTexts {
    // models/workloads: the workload names (the Scenario's picker, the Fleet's mix).
    QT_TRANSLATE_NOOP(
        "Cards", "Agentic coding: Codex/GPT-5.4 SWE-bench Pro sessions, 33 turns, ~49K mean context, 94% cache hits"),
    QT_TRANSLATE_NOOP("Cards", "The article: Llama 3.1 70B, 128K context × 10"),
    QT_TRANSLATE_NOOP("Cards", "Multi-turn chat: Llama 3.1 8B on one H100, 4K context, 64 concurrent"),
    QT_TRANSLATE_NOOP("Cards",
        "Code completion in the editor: a 7B coder model on one H100, 4K fill-in-the-middle prompt, 128 tokens out"),
    QT_TRANSLATE_NOOP("Cards", "FlexGen: OPT-175B on one T4, prompt 512 + 32 generated, effective batch 256"),
    QT_TRANSLATE_NOOP("Cards", "Mooncake (Kimi) real trace: 7,955 in / 194 out, ~50% prefix cache, 8 × A800"),
    QT_TRANSLATE_NOOP(
        "Cards", "RAG with long retrieved context: Llama 3.1 70B, 32K prompt of retrieved passages, 8 × H200"),
    QT_TRANSLATE_NOOP("Cards", "Reasoning: DeepSeek-R1 on 8 × H200, 2K prompt, 8K tokens of thinking and answer"),
    // models/restore-paths: the restore paths' names (the Advanced restore-path picker).
    QT_TRANSLATE_NOOP("Cards", "LMCache: 256-token chunks gathered across all layers into pinned buffers"),
    QT_TRANSLATE_NOOP("Cards", "Mooncake transfer engine: RDMA from the pooled DRAM/SSD store, NIC-bound"),
    QT_TRANSLATE_NOOP("Cards", "One copy per block per layer (vLLM before 0.12, swap_blocks)"),
    QT_TRANSLATE_NOOP("Cards", "TensorRT-LLM host offload: 32-token blocks packing every layer of a pool"),
    QT_TRANSLATE_NOOP("Cards", "vLLM OffloadingConnector (0.12+): one DMA per block across all layers"),
};

} // namespace

QString cardText(const std::string& english)
{
    const QByteArray utf8 = QByteArray::fromStdString(english);
    return QCoreApplication::translate("Cards", utf8.constData());
}

QString cardShortText(const std::string& english)
{
    const QString text = cardText(english);
    const qsizetype colon = text.indexOf(QStringLiteral(": "));
    return colon > 0 ? text.left(colon) : text;
}

QStringList listedCardTexts()
{
    QStringList out;
    for (const char* text : kCardTexts)
        out << QString::fromUtf8(text);
    return out;
}

} // namespace kvtiers::ui
