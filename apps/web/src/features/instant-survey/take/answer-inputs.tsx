import { Badge, Button, Chip, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { INSTANT_MOODS, type TInstantAnswerValue, type TInstantMood, type TInstantPublicParticipant, type TInstantQuestion } from '@ona/contracts';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

type TInputProps<T extends TInstantAnswerValue['type']> = {
  question: TInstantQuestion;
  value: Extract<TInstantAnswerValue, { type: T }> | null;
  onChange: (value: Extract<TInstantAnswerValue, { type: T }>) => void;
  people: TInstantPublicParticipant[];
  selfId: number;
};

const MOOD_FACES: Record<TInstantMood, string> = { 'negative-very': '😣', negative: '🙁', neutral: '😐', positive: '🙂', 'positive-very': '😄' };

export function UserSelectInput({ question, value, onChange, people, selfId }: TInputProps<'user_select'>) {
  const { t } = useTranslation('instantSurvey');
  const [search, setSearch] = useState('');
  const others = people.filter((p) => p.id !== selfId);
  const selected = new Set(value?.selected_users ?? []);
  const shown = search.trim() ? others.filter((p) => p.name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase())) : others;
  const toggle = (id: number) => {
    const next = question.multiple_selection ? (selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id]) : selected.has(id) ? [] : [id];
    onChange({ type: 'user_select', selected_users: next });
  };
  if (others.length === 0) return <Text c="dimmed">{t('takeSurvey.noPeople')}</Text>;
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">{question.multiple_selection ? t('takeSurvey.chooseHint') : t('takeSurvey.chooseOneHint')}</Text>
      {others.length > 8 && <TextInput aria-label={t('takeSurvey.searchPeople')} placeholder={t('takeSurvey.searchPeople')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />}
      <Group gap="xs">
        {shown.map((person) => (
          <Chip key={person.id} checked={selected.has(person.id)} onChange={() => toggle(person.id)} data-testid="person-choice" size="md">
            {person.name}
          </Chip>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Grouping people into the question's options. Tap a person, then a group (works on phones);
 * on a desktop people can also be dragged. The drag direction of the question lays the groups out
 * side by side (horizontal) or one under the other (vertical).
 */
export function OptionsInput({ question, value, onChange, people }: TInputProps<'options'>) {
  const { t } = useTranslation('instantSurvey');
  const [picked, setPicked] = useState<number | null>(null);
  const groups = question.options.map((o) => ({ option: o, users: value?.groups.find((g) => g.option_id === o.id)?.users ?? [] }));
  const placed = new Set(groups.flatMap((g) => g.users));
  const name = (id: number) => people.find((p) => p.id === id)?.name ?? '?';
  const emit = (next: { option_id: number; users: number[] }[]) => onChange({ type: 'options', groups: next });
  const place = (personId: number, optionId: number) => {
    const next = groups.map((g) => ({
      option_id: g.option.id,
      users: g.option.id === optionId ? [...new Set([...g.users, personId])] : question.allow_multiple_groups ? g.users : g.users.filter((u) => u !== personId),
    }));
    emit(next);
    setPicked(null);
  };
  const unplace = (personId: number, optionId: number) => emit(groups.map((g) => ({ option_id: g.option.id, users: g.option.id === optionId ? g.users.filter((u) => u !== personId) : g.users })));
  const pool = question.allow_multiple_groups ? people : people.filter((p) => !placed.has(p.id));
  const onDrop = (optionId: number) => (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain'));
    if (Number.isSafeInteger(id) && id > 0) place(id, optionId);
  };
  const vertical = question.layout_orientation === 'vertical';
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">{t('takeSurvey.groupHint')}</Text>
      <Paper withBorder p="xs" radius="md">
        <Text fz="xs" c="dimmed" mb={4}>{t('takeSurvey.unplaced')}</Text>
        <Group gap={6}>
          {pool.map((person) => (
            <Badge
              key={person.id}
              size="lg"
              variant={picked === person.id ? 'filled' : 'light'}
              style={{ cursor: 'grab', textTransform: 'none' }}
              draggable
              onDragStart={(event) => event.dataTransfer.setData('text/plain', String(person.id))}
              onClick={() => setPicked(picked === person.id ? null : person.id)}
              data-testid="group-person"
              component="button"
              type="button"
            >
              {person.name}
            </Badge>
          ))}
        </Group>
      </Paper>
      <SimpleGrid cols={vertical ? 1 : { base: Math.min(2, groups.length), sm: Math.min(4, groups.length) }} spacing="xs" data-orientation={question.layout_orientation}>
        {groups.map(({ option, users }) => (
          <Paper
            key={option.id}
            withBorder
            p="sm"
            radius="md"
            mih={80}
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop(option.id)}
            data-testid="group-option"
            bg={picked !== null ? 'blue.0' : undefined}
          >
            <UnstyledButton w="100%" onClick={() => picked !== null && place(picked, option.id)} aria-label={picked !== null ? t('takeSurvey.place', { name: name(picked) }) : option.label}>
              <Text fw={600} fz="sm">{option.label}</Text>
            </UnstyledButton>
            <Group gap={4} mt={6}>
              {users.map((id) => (
                <Badge key={id} variant="outline" style={{ textTransform: 'none', cursor: 'pointer' }} onClick={() => unplace(id, option.id)} rightSection="×">
                  {name(id)}
                </Badge>
              ))}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function MoodInput({ value, onChange }: TInputProps<'mood_select'>) {
  const { t } = useTranslation('instantSurvey');
  return (
    <SimpleGrid cols={5} spacing={6}>
      {INSTANT_MOODS.map((mood) => (
        <Button
          key={mood}
          variant={value?.mood === mood ? 'filled' : 'default'}
          h={84}
          px={2}
          onClick={() => onChange({ type: 'mood_select', mood })}
          aria-label={t(`moods.${mood}`)}
          aria-pressed={value?.mood === mood}
          styles={{ label: { flexDirection: 'column', gap: 4, whiteSpace: 'normal' } }}
        >
          <span style={{ fontSize: 28 }}>{MOOD_FACES[mood]}</span>
          <span style={{ fontSize: 11 }}>{t(`moods.${mood}`)}</span>
        </Button>
      ))}
    </SimpleGrid>
  );
}

export function IntensityInput({ question, value, onChange }: TInputProps<'intensity_select'>) {
  return (
    <Radio.Group value={value ? String(value.option_id) : null} onChange={(v) => onChange({ type: 'intensity_select', option_id: Number(v) })}>
      <Stack gap="xs">
        {question.options.map((option) => (
          <Radio key={option.id} value={String(option.id)} label={option.label} size="md" />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function FreetextInput({ question, value, onChange }: TInputProps<'freetext'>) {
  const { t } = useTranslation('instantSurvey');
  return <Textarea aria-label={question.label} placeholder={t('takeSurvey.textPlaceholder')} autosize minRows={4} maxLength={5000} value={value?.text ?? ''} onChange={(e) => onChange({ type: 'freetext', text: e.currentTarget.value })} />;
}

export function ScalingInput({ question, value, onChange }: TInputProps<'scaling'>) {
  const { t } = useTranslation('instantSurvey');
  const total = question.points_total ?? 10;
  const pointsOf = (id: number) => value?.points.find((p) => p.option_id === id)?.points ?? 0;
  const used = question.options.reduce((sum, o) => sum + pointsOf(o.id), 0);
  const remaining = total - used;
  const set = (id: number, points: number) => {
    const others = used - pointsOf(id);
    const capped = Math.max(0, Math.min(points, total - others));
    onChange({ type: 'scaling', points: question.options.map((o) => ({ option_id: o.id, points: o.id === id ? capped : pointsOf(o.id) })) });
  };
  return (
    <Stack gap="sm">
      <Badge size="lg" variant="light" color={remaining === 0 ? 'teal' : 'orange'} data-testid="remaining-points" w="fit-content">
        {t('takeSurvey.remaining', { count: remaining })}
      </Badge>
      {question.options.map((option) => (
        <NumberInput key={option.id} label={option.label} min={0} max={total} value={pointsOf(option.id)} onChange={(v) => set(option.id, typeof v === 'number' ? v : 0)} />
      ))}
    </Stack>
  );
}
