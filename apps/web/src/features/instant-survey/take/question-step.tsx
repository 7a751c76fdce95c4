import type { TInstantAnswerValue, TInstantPublicParticipant, TInstantQuestion } from '@ona/contracts';
import { FreetextInput, IntensityInput, MoodInput, OptionsInput, ScalingInput, UserSelectInput } from './answer-inputs.tsx';

type TQuestionStepProps = {
  question: TInstantQuestion;
  value: TInstantAnswerValue | null;
  onChange: (value: TInstantAnswerValue) => void;
  people: TInstantPublicParticipant[];
  selfId: number;
};

/** The input that fits the question's type, fed only a value of that type. */
export function QuestionStep({ question, value, onChange, people, selfId }: TQuestionStepProps) {
  const common = { question, onChange, people, selfId };
  switch (question.type) {
    case 'user_select':
      return <UserSelectInput {...common} value={value?.type === 'user_select' ? value : null} />;
    case 'options':
      return <OptionsInput {...common} value={value?.type === 'options' ? value : null} />;
    case 'mood_select':
      return <MoodInput {...common} value={value?.type === 'mood_select' ? value : null} />;
    case 'intensity_select':
      return <IntensityInput {...common} value={value?.type === 'intensity_select' ? value : null} />;
    case 'freetext':
      return <FreetextInput {...common} value={value?.type === 'freetext' ? value : null} />;
    case 'scaling':
      return <ScalingInput {...common} value={value?.type === 'scaling' ? value : null} />;
  }
}
