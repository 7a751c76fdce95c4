import type { TInstantSurvey } from '@ona/contracts';
import { useOutletContext } from 'react-router';

export type TSurveyOutlet = { survey: TInstantSurvey };

/** The survey the details layout loaded (and keeps live) for its tabs. */
export const useSurveyOutlet = () => useOutletContext<TSurveyOutlet>();
