import { Text } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import classes from './course-section.module.css';
import { type CourseEvent, courseTimeline } from './course-timeline.ts';
import { useValueLabels } from './use-value-labels.ts';

type Tone = 'good' | 'bad' | 'end' | undefined;

/** How a step reads: what happened, and the one line of detail a reader wants beside it. */
function useStepText() {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const joined = (...parts: (string | null | false)[]) => parts.filter(Boolean).join(' · ');
  return (event: CourseEvent): { title: string; detail: string; tone: Tone } => {
    const title = t(`patientCourse.events.${event.kind}`);
    switch (event.kind) {
      case 'diagnosis':
        return { title, detail: labels.subtype(event.subtype) ?? '', tone: undefined };
      case 'induction':
        return { title, detail: labels.scheme(event.scheme) ?? '', tone: undefined };
      case 'response':
        return {
          title,
          detail: joined(
            labels.responseCode(event.response),
            event.inductionFailure && t('patientCourse.details.inductionFailure'),
          ),
          tone: event.inductionFailure ? 'bad' : undefined,
        };
      case 'firstCR':
        return {
          title,
          detail: joined(
            labels.responseCode(event.response),
            t('patientCourse.details.treatment', { order: event.treatmentOrder }),
          ),
          tone: 'good',
        };
      case 'mrd':
        return {
          title,
          detail: joined(
            labels.mrdStatus(event.negative ? 'negative' : 'positive'),
            labels.mrdMethod(event.method),
          ),
          tone: event.negative ? 'good' : 'bad',
        };
      case 'transplant':
        return {
          title,
          detail: joined(
            t(`patientCourse.details.${event.type}`),
            t(event.inCR1 ? 'patientCourse.details.inCR1' : 'patientCourse.details.notInCR1'),
          ),
          tone: undefined,
        };
      case 'relapse':
        return { title, detail: '', tone: 'bad' };
      case 'death':
      case 'lastKnownAlive':
        return { title, detail: '', tone: 'end' };
    }
  };
}

interface CourseSectionProps {
  readonly patient: Patient;
}

/**
 * The patient's course (CONTRACT §11) as a short timeline: diagnosis, induction, response, MRD,
 * transplant, relapse, and the death or the last day known alive — an ordered list, dated.
 */
export function CourseSection({ patient }: CourseSectionProps) {
  const { t } = useTranslation();
  const textOf = useStepText();
  const events = courseTimeline(patient);
  if (events.length === 0) {
    return <Text c="dimmed">{t('patientCourse.empty')}</Text>;
  }
  return (
    <ol className={classes.timeline} aria-label={t('patientCourse.label')}>
      {events.map((event) => {
        const { title, detail, tone } = textOf(event);
        return (
          <li key={event.kind} className={classes.step} data-tone={tone}>
            <Text size="sm" c="dimmed" className={classes.date}>
              {event.date ? (
                <time dateTime={event.date}>{formatIsoDate(event.date)}</time>
              ) : (
                t('patientCourse.noDate')
              )}
            </Text>
            <span className={classes.marker} aria-hidden />
            <div>
              <Text size="sm" fw={600}>
                {title}
              </Text>
              {detail && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {detail}
                </Text>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
