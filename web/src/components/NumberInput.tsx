import { forwardRef, type InputHTMLAttributes, type KeyboardEvent } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Spec section 5: Enter triggers the form's action when one is supplied. */
  onEnter?: () => void
}

/**
 * A number input whose arrow keys do nothing (spec section 5): a price or carat must not drift by
 * one when the user only meant to move the caret.
 */
export const NumberInput = forwardRef<HTMLInputElement, Props>(function NumberInput(
  { onKeyDown, onEnter, ...rest },
  ref,
) {
  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') e.preventDefault()
    else if (e.key === 'Enter' && onEnter && !e.nativeEvent.isComposing) {
      e.preventDefault()
      onEnter()
    }
    onKeyDown?.(e)
  }
  return <input ref={ref} type="number" inputMode="decimal" {...rest} onKeyDown={keyDown} />
})
