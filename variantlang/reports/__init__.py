"""What people read: rule differences between variants (diff) and printable rule sheets (sheets)."""
