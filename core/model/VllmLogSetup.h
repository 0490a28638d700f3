#pragma once
// VllmLogSetup: the setup a vLLM startup log states (its model, TP, block size, KV dtype and
// max_model_len) against the scenario's: which card the log's model is, the values the check
// takes from the log, and the sentences that say what was taken or differs.

#include "core/cards/KvFormat.h"
#include "core/cards/ModelCard.h"
#include "core/io/Message.h"
#include "core/model/VllmLog.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// Which card a log's model is: the model vLLM loaded ("Qwen/Qwen2.5-72B-Instruct", a local
/// path, a hub cache folder "models--Org--Name/snapshots/…") against the cards' Hugging Face
/// ids (their sources' huggingface.co addresses), ids and names, case-insensitively.
struct VllmModelMatch {
    enum class How {
        None,      ///< no card matches
        HfId,      ///< a card's source names the same Hugging Face id
        Name,      ///< the name part is a card's id, name or Hugging Face name
        BaseModel, ///< as Name once a fine-tune suffix ("-Instruct", "-Chat", "-it") is dropped
        Ambiguous, ///< several cards match at the first rule that matches any
    };
    How how = How::None;
    std::string cardId;                  ///< the card (empty unless HfId, Name or BaseModel)
    std::string dropped;                 ///< BaseModel: the suffix dropped, as the log writes it
    std::vector<std::string> candidates; ///< Ambiguous: the cards that match
};
VllmModelMatch matchVllmModel(const std::string& logModel, const std::map<std::string, ModelCard>& models);

/// A vLLM check's setup as far as a log can state it: what the scenario (GUI) or the flags
/// (CLI) give, what the log states, and what the check uses.
struct VllmSetupValues {
    std::string modelId; ///< a card id; empty: none
    int tp = 0;          ///< 0: not given
    int blockSize = 0;   ///< 0: not given
    std::optional<KvFormat> kv {};
    double context = 0; ///< max_model_len; 0: not given
};

/// `base` with every setting the log states put in: the model when it matches a card,
/// TP, block size, KV dtype ("auto": the model card's default) and max_model_len.
VllmSetupValues vllmSetupFromLog(
    const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& base);

/// One sentence about the setup against the log (context "VllmCheck").
struct VllmSetupNote {
    enum class Setting { Model, Tp, BlockSize, KvDtype, MaxModelLen };
    enum class Kind {
        /// the settings taken from the log: taken (e.g. "tensor_parallel_size 4 (line 3)")
        FromLog,
        /// the log's value replaced the scenario's: setting, logValue, given, line
        LogReplaces,
        /// the check uses another value than the log's (its figures are not what vLLM ran):
        /// setting, logValue, given (the value used), line
        DiffersFromLog,
        /// the log's model matches no card: logValue, given (the card used, or empty), line
        ModelNoCard,
        /// the log's model matches several cards: logValue, candidates, given, line
        ModelAmbiguous,
        /// the log's model was matched by its base model's name: logValue, cardId, dropped, line
        ModelBaseName,
    };
    Kind kind = Kind::FromLog;
    Setting setting = Setting::Model;
    std::string logValue {};
    std::string given {};
    std::string cardId {};
    std::string dropped {};
    std::string taken {};      ///< FromLog: the settings, "tensor_parallel_size 4 (line 3), …"
    std::string candidates {}; ///< ModelAmbiguous: the card ids, comma-separated
    int line = 0;
};

/// What the log states against the scenario's setup (`scenario`, empty values: not given)
/// and the setup the check uses (`used`): which values came from the log, which replaced
/// the scenario's, and which the check uses against the log's word.
std::vector<VllmSetupNote> vllmSetupNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used);
Message vllmSetupMessage(const VllmSetupNote& note);
std::string vllmSetupText(const VllmSetupNote& note);
/// Whether the note is a warning (the setup differs from the log, or its model has no card)
/// rather than a statement of what was taken.
bool vllmSetupWarns(const VllmSetupNote& note);

} // namespace kvtiers
