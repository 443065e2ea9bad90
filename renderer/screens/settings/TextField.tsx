/** A labelled text input with its hint read out as its description (the Settings forms' one field shape). */
export function TextField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  type?: 'text' | 'url' | 'password';
  inputMode?: 'numeric';
  disabled?: boolean;
}) {
  const { id, label, hint, value, onChange, testId, type = 'text', inputMode, disabled } = props;
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={inputMode}
        disabled={disabled}
        spellCheck={false}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
      {hint ? (
        <span id={`${id}-hint`} className="st-hint" data-testid={`${testId}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
