import { useState } from 'react'

/**
 * The search box of the seller's lists (diamonds, media, articles): typing changes nothing until
 * the seller searches, which asks for the trimmed words from the first page.
 */
export function InventorySearch({
  onSearch,
  label,
  placeholder,
}: {
  onSearch: (words: string) => void
  label: string
  placeholder: string
}) {
  const [search, setSearch] = useState('')
  return (
    <form
      role="search"
      className="inv-search"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(search.trim())
      }}
    >
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={placeholder}
        aria-label={label}
      />
      <button type="submit" className="btn btn--small">
        {label}
      </button>
    </form>
  )
}
