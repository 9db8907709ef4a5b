module github.com/foothold/foothold

go 1.26.8

require (
	github.com/go-gl/mathgl v1.2.0
	github.com/qmuntal/gltf v0.28.0
)

require gopkg.in/yaml.v3 v3.0.1
