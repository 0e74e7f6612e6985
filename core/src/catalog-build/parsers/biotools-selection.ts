/**
 * Which bio.tools records are machine-learning tools: those annotated with the EDAM topic
 * "Machine learning" (topic_3474), or whose description names a machine-learning method. The
 * snapshot keeps only these, and the build reads only these.
 */
export const EDAM_MACHINE_LEARNING = 'http://edamontology.org/topic_3474';

const MACHINE_LEARNING_WORDS =
  /\b(machine[- ]learning|deep[- ]learning|neural[- ]networks?|convolutional|random forests?|support vector|svm|transformers?|language models?|graph neural|autoencoders?|reinforcement learning|gradient boosting|xgboost|artificial intelligence)\b/i;

export interface BiotoolsTopicLike {
  topic?: readonly { uri?: string }[];
  description?: string;
}

export function isMachineLearningTool(record: BiotoolsTopicLike): boolean {
  if (record.topic?.some((topic) => topic.uri === EDAM_MACHINE_LEARNING)) return true;
  return MACHINE_LEARNING_WORDS.test(record.description ?? '');
}
